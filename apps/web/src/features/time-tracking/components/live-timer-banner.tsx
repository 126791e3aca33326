import { useLingui } from '@lingui/react/macro';
import { Coffee, LogIn, Timer, UtensilsCrossed } from 'lucide-react';
import { formatElapsed } from '@punchclock/shared/domain/business-time';
import { STATE_LABELS, type TimeState } from '@punchclock/shared/domain/time-state';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';

const STYLES: Record<TimeState, string> = {
  none: 'border-border bg-card',
  clock_out: 'border-border bg-card',
  clock_in: 'border-success/40 bg-success/10',
  break: 'border-warning/40 bg-warning/10',
  lunch: 'border-primary/40 bg-primary/10',
};

const ICONS = {
  none: LogIn,
  clock_out: LogIn,
  clock_in: Timer,
  break: Coffee,
  lunch: UtensilsCrossed,
};

interface LiveTimerBannerProps {
  state: TimeState;
  stateSince: string | null;
  limitMinutes: number | null;
}

/** How long the person has been in the current state, ticking every second. */
export function LiveTimerBanner({ state, stateSince, limitMinutes }: LiveTimerBannerProps) {
  const { t } = useLingui();
  const now = useNow();
  const Icon = ICONS[state];
  const elapsedSeconds = stateSince ? (now - Date.parse(stateSince)) / 1000 : 0;
  const isOver = limitMinutes !== null && elapsedSeconds >= limitMinutes * 60;
  const isActive =
    stateSince !== null && (state === 'clock_in' || state === 'break' || state === 'lunch');

  return (
    <section
      aria-label={t`Current status`}
      className={cn('flex items-center gap-4 rounded-xl border p-4', STYLES[state])}
      data-testid="live-timer"
    >
      <Icon className="size-8 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {isActive ? STATE_LABELS[state] : t`You are not clocked in`}
        </p>
        <p className="text-sm text-muted-foreground">
          {isActive
            ? limitMinutes !== null
              ? isOver
                ? t`${limitMinutes} minute allowance — over the limit`
                : t`${limitMinutes} minute allowance`
              : t`Time in this status`
            : t`Clock in to start your day.`}
        </p>
      </div>
      {isActive && (
        <p
          className={cn(
            'font-mono text-2xl font-semibold tabular-nums',
            isOver && 'text-destructive',
          )}
          aria-live="off"
          data-testid="live-timer-elapsed"
        >
          {formatElapsed(elapsedSeconds)}
        </p>
      )}
    </section>
  );
}
