import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { formatDay } from '../demand-labels';

/** Seven toggle buttons, one per day of the week: the phone's grid and the coverage day. */
export function DayPicker({
  days,
  day,
  onDay,
  label,
}: {
  days: readonly string[];
  day: string;
  onDay: (day: string) => void;
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={label ?? t`Day`} className="grid grid-cols-7 gap-1">
      {days.map((date) => {
        const [weekday, monthDay] = formatDay(date).split(', ');
        return (
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
            <span>{weekday}</span> <span className="font-medium">{monthDay}</span>
          </button>
        );
      })}
    </div>
  );
}
