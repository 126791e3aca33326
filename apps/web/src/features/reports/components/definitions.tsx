import { Trans } from '@lingui/react/macro';

/** The definitions, in the words the decision record uses (docs/decisions/0010). */
export function AdherenceDefinitions() {
  return (
    <details className="rounded-lg border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-medium">
        <Trans>How these figures are calculated</Trans>
      </summary>
      <dl className="mt-3 grid gap-2 text-muted-foreground">
        <div>
          <dt className="inline font-medium text-foreground">
            <Trans>Scheduled minutes:</Trans>{' '}
          </dt>
          <dd className="inline">
            <Trans>
              the assigned shift less its unpaid lunch window. A shift belongs to the day it starts.
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-foreground">
            <Trans>Up to now:</Trans>{' '}
          </dt>
          <dd className="inline">
            <Trans>
              a shift counts from the moment it starts. A shift that has not started yet — later
              today or on any future day in the range — adds no scheduled minutes and no absence;
              one in progress counts its whole scheduled length but is not scored until it ends.
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-foreground">
            <Trans>Adherence %:</Trans>{' '}
          </dt>
          <dd className="inline">
            <Trans>
              scheduled minutes in which what the person did matched the plan, minute by minute, ÷
              scheduled minutes. Breaks count as adherent up to the template's allowance; lunch
              outside its window does not. The first 5 minutes after the start (and the last 5
              before the end) count when the person came in (left) within that grace.
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-foreground">
            <Trans>Conformance %:</Trans>{' '}
          </dt>
          <dd className="inline">
            <Trans>
              worked minutes (breaks paid, lunch unpaid) ÷ scheduled minutes; can exceed 100 %.
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-foreground">
            <Trans>Exceptions:</Trans>{' '}
          </dt>
          <dd className="inline">
            <Trans>
              late (first clock-in after start + 5 min), early leave (last clock-out during the
              shift, before end − 5 min), overbreak (break or lunch beyond its allowance), missed
              clock-out (the day ended still clocked in), absent (scheduled, never clocked in),
              unscheduled work.
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-foreground">
            <Trans>Not scored:</Trans>{' '}
          </dt>
          <dd className="inline">
            <Trans>
              absent days, days off, days without a schedule and days still in progress are shown as
              such, never as 0 % or 100 %.
            </Trans>
          </dd>
        </div>
      </dl>
    </details>
  );
}
