import { useLingui } from '@lingui/react/macro';
import { formatDate } from '@punchclock/shared/i18n/format';
import { cn } from '@/lib/cn';

const weekday = (date: string) => formatDate(`${date}T12:00:00Z`, 'EEE', { timeZone: 'UTC' });
const monthDay = (date: string) => formatDate(`${date}T12:00:00Z`, 'MMM d', { timeZone: 'UTC' });

/**
 * A week's days as toggle buttons, one pressed: which day a phone-width view, a day view or a
 * chart shows (the roster, Demand Planning).
 */
export function DayPicker({
  days,
  day,
  onDay,
  label,
}: {
  days: readonly string[];
  day: string;
  onDay: (day: string) => void;
  /** The group's name; "Day" when left out. */
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={label ?? t`Day`} className="grid grid-cols-7 gap-1">
      {days.map((date) => (
        <button
          key={date}
          type="button"
          aria-pressed={date === day}
          onClick={() => onDay(date)}
          className={cn(
            'grid rounded-md border px-0.5 py-1.5 text-center text-xs focus-visible:outline-2 focus-visible:outline-ring',
            date === day
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-input bg-card hover:bg-muted',
          )}
        >
          {/* The name is what shows ("Mon Nov 23"): speech and sight agree. */}
          <span>{weekday(date)}</span> <span className="font-medium">{monthDay(date)}</span>
        </button>
      ))}
    </div>
  );
}
