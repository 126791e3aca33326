import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DemandTab<Id extends string> {
  id: Id;
  label: string;
}

/**
 * The planner's sections as tabs (WAI-ARIA tabs pattern): one tab stop, arrows, Home and End
 * move between tabs and select them; the panel is labelled by its tab. Only the chosen panel
 * is rendered, so a section's data is read when it is opened.
 */
export function DemandTabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: ReadonlyArray<DemandTab<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#demand-tab-${tab.id}`)?.focus();
  };
  return (
    <div className="grid gap-3">
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-xl border bg-card p-1"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={`demand-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={`demand-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isSelected ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`demand-panel-${selected}`}
        aria-labelledby={`demand-tab-${selected}`}
        tabIndex={0}
        className="min-w-0 rounded-xl focus-visible:outline-2 focus-visible:outline-ring"
      >
        {children}
      </div>
    </div>
  );
}
