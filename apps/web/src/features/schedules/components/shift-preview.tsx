import { Trans, useLingui } from '@lingui/react/macro';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { formatTimeOfDay } from '@punchclock/shared/i18n/format';
import {
  findShiftProblem,
  scheduledMinutes,
  shiftOffsets,
  type ShiftPattern,
} from '@punchclock/shared/domain/schedule';

const HOUR_MARKS = [0, 6, 12, 18, 24];

/** A day's plan as a bar: the shift, its unpaid lunch, and what the break allows. */
export function ShiftPreview({ pattern }: { pattern: ShiftPattern }) {
  const { t } = useLingui();
  if (findShiftProblem(pattern)) return null;
  const offsets = shiftOffsets(pattern);
  const scheduled = formatMinutes(scheduledMinutes(pattern));
  const breakMinutes = pattern.breakDurationMins;
  const spanMinutes = Math.max(24 * 60, offsets.end);
  const percent = (minutes: number) => `${(minutes / spanMinutes) * 100}%`;
  const marks =
    spanMinutes > 24 * 60
      ? [...HOUR_MARKS, 30, 36, 42, 48].filter((h) => h * 60 <= spanMinutes)
      : HOUR_MARKS;

  return (
    <figure className="grid gap-2" aria-label={t`Preview of the day`}>
      <div className="relative h-8 rounded-md bg-muted" data-testid="shift-preview">
        <div
          className="absolute inset-y-0 rounded-md bg-primary/80"
          style={{ left: percent(offsets.start), width: percent(offsets.end - offsets.start) }}
          title={t`Shift`}
        />
        {offsets.lunchStart !== null && offsets.lunchEnd !== null && (
          <div
            className="absolute inset-y-1 rounded bg-warning"
            style={{
              left: percent(offsets.lunchStart),
              width: percent(offsets.lunchEnd - offsets.lunchStart),
            }}
            title={t`Lunch (unpaid)`}
          />
        )}
      </div>
      <div className="relative h-4 text-xs text-muted-foreground" aria-hidden>
        {marks.map((hour) => (
          <span
            key={hour}
            className="absolute -translate-x-1/2"
            style={{ left: percent(hour * 60) }}
          >
            {formatTimeOfDay(hour === 24 ? '24:00' : `${hour % 24}:00`)}
          </span>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-primary/80" aria-hidden />
          <Trans>Scheduled {scheduled} paid</Trans>
        </span>
        {offsets.lunchStart !== null && (
          <span>
            <span className="mr-1 inline-block size-2.5 rounded-sm bg-warning" aria-hidden />
            <Trans>Lunch unpaid</Trans>
          </span>
        )}
        <span>
          <Trans>Breaks: {breakMinutes} min paid</Trans>
        </span>
      </figcaption>
    </figure>
  );
}
