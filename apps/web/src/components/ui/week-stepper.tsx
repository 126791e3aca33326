import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { formatDateRange } from '@punchclock/shared/i18n/format';
import { Button } from './button';

interface WeekStepperProps {
  /** The Sunday of the week on screen. */
  weekStart: string;
  /** Today's business date: "This week" goes to its week and is off while it is shown. */
  today: string;
  isThisWeek: boolean;
  /** Moves to the week containing this date. */
  onDate: (date: string) => void;
  /** Names the week's text for tests ("roster-week", "demand-week"). */
  testId?: string;
}

/** Previous week, this week, next week, and the week shown, announced as it changes. */
export function WeekStepper({ weekStart, today, isThisWeek, onDate, testId }: WeekStepperProps) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label={t`Previous week`}
        onClick={() => onDate(shiftDate(weekStart, -7))}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button variant="outline" disabled={isThisWeek} onClick={() => onDate(today)}>
        <Trans>This week</Trans>
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label={t`Next week`}
        onClick={() => onDate(shiftDate(weekStart, 7))}
      >
        <ChevronRight aria-hidden />
      </Button>
      <p className="min-w-40 font-medium" aria-live="polite" data-testid={testId}>
        {formatDateRange(weekStart, shiftDate(weekStart, 6))}
      </p>
    </div>
  );
}
