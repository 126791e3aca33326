import { Trans } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Copy, MoveRight, Pencil, Trash2 } from 'lucide-react';
import type { RefObject } from 'react';
import type { Shift } from '@punchclock/shared/contracts/rosters';
import type { MenuOnDemandProps } from '@/components/ui/menu-on-demand';
import { cn } from '@/lib/cn';
import type { BoardActions } from './shift-chip';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

export interface ShiftMenuProps extends MenuOnDemandProps {
  shift: Shift;
  actions: BoardActions;
  /** The menu's button: focus goes back to it before a dialog opens, so closing one returns there. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A shift's actions: edit, move, copy, delete. Loaded, and mounted open, when a shift's menu
 * button is first pressed (shift-chip.tsx): a week of 200 people has 1,000 shifts, and a Radix
 * menu in each made the board's first render several times slower (#32 item 5).
 */
export function ShiftMenu({ trigger, shift, actions, triggerRef }: ShiftMenuProps) {
  const act = (action: () => void) => {
    triggerRef.current?.focus();
    action();
  };
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => act(() => actions.onEdit(shift))}
          >
            <Pencil className="size-4" aria-hidden />
            <Trans>Edit…</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => act(() => actions.onMoveOrCopy(shift, 'move'))}
          >
            <MoveRight className="size-4" aria-hidden />
            <Trans>Move to…</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => act(() => actions.onMoveOrCopy(shift, 'copy'))}
          >
            <Copy className="size-4" aria-hidden />
            <Trans>Copy to…</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={cn(itemClass, 'text-destructive-text')}
            onSelect={() => act(() => actions.onDelete(shift))}
          >
            <Trash2 className="size-4" aria-hidden />
            <Trans>Delete</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
