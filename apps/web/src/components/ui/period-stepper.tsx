import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { Button } from './button';

interface PeriodStepperProps {
  /** The period on screen; the buttons wait while it is unknown. */
  period: { start: string; end: string } | undefined;
  /** Moves to the period containing this date (the day before or after the one shown). */
  onDate: (date: string) => void;
  disabled?: boolean;
}

/** "Previous pay period" / "Next pay period": one step either side of the period shown. */
export function PeriodStepper({ period, onDate, disabled = false }: PeriodStepperProps) {
  const { t } = useLingui();
  const isDisabled = !period || disabled;
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        aria-label={t`Previous pay period`}
        disabled={isDisabled}
        onClick={() => period && onDate(shiftDate(period.start, -1))}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label={t`Next pay period`}
        disabled={isDisabled}
        onClick={() => period && onDate(shiftDate(period.end, 1))}
      >
        <ChevronRight aria-hidden />
      </Button>
    </>
  );
}
