import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DayDetail } from '@punchclock/shared/contracts/reports';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { translate } from '@punchclock/shared/i18n/runtime';

const STATE_COLORS: Record<string, string> = {
  clock_in: 'bg-success',
  break: 'bg-warning',
  lunch: 'bg-primary/60',
};
const STATE_NAMES: Record<string, MessageDescriptor> = {
  clock_in: msg`Working`,
  break: msg`Break`,
  lunch: msg`Lunch`,
};
const stateName = (type: string) => {
  const name = STATE_NAMES[type];
  return name ? translate(name) : type;
};

/** Scheduled bar over actual bar on one time axis: the picture of a person's day. */
export function DayTimeline({ day, timeZone }: { day: DayDetail; timeZone: string }) {
  const { t } = useLingui();
  const instants = [
    ...(day.plan ? [Date.parse(day.plan.start), Date.parse(day.plan.end)] : []),
    ...day.events.map((event) => Date.parse(event.occurredAt)),
  ];
  if (instants.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No plan and no punches.</Trans>
      </p>
    );
  const hour = 3_600_000;
  const min = Math.floor((Math.min(...instants) - hour / 2) / hour) * hour;
  const max = Math.ceil((Math.max(...instants) + hour / 2) / hour) * hour;
  const left = (ms: number) => `${((ms - min) / (max - min)) * 100}%`;
  const width = (from: number, to: number) => `${(Math.max(0, to - from) / (max - min)) * 100}%`;
  const ticks: number[] = [];
  for (let tick = min; tick <= max; tick += hour * Math.max(1, Math.round((max - min) / hour / 8)))
    ticks.push(tick);

  const segments = day.events.flatMap((event, index) => {
    if (event.eventType === 'clock_out') return [];
    const next = day.events[index + 1];
    const from = Date.parse(event.occurredAt);
    // A day still open is drawn to the end of the axis.
    const to = next ? Date.parse(next.occurredAt) : max;
    return [{ type: event.eventType, from, to }];
  });

  return (
    <figure className="grid gap-2" aria-label={t`Scheduled and actual day`}>
      <div className="grid grid-cols-[5rem_1fr] items-center gap-2 text-xs">
        <span className="text-muted-foreground">
          <Trans>Scheduled</Trans>
        </span>
        <div className="relative h-6 rounded bg-muted" data-testid="scheduled-bar">
          {day.plan && (
            <div
              className="absolute inset-y-0 rounded bg-primary/30 ring-1 ring-primary"
              style={{
                left: left(Date.parse(day.plan.start)),
                width: width(Date.parse(day.plan.start), Date.parse(day.plan.end)),
              }}
              title={t`Shift`}
            />
          )}
          {day.plan?.lunchStart && day.plan.lunchEnd && (
            <div
              className="absolute inset-y-1 rounded bg-primary/60"
              style={{
                left: left(Date.parse(day.plan.lunchStart)),
                width: width(Date.parse(day.plan.lunchStart), Date.parse(day.plan.lunchEnd)),
              }}
              title={t`Lunch`}
            />
          )}
        </div>
        <span className="text-muted-foreground">
          <Trans>Actual</Trans>
        </span>
        <div className="relative h-6 rounded bg-muted" data-testid="actual-bar">
          {segments.map((segment) => (
            <div
              key={segment.from}
              className={`absolute inset-y-0 rounded ${STATE_COLORS[segment.type] ?? 'bg-muted'}`}
              style={{ left: left(segment.from), width: width(segment.from, segment.to) }}
              title={`${stateName(segment.type)} ${formatBusinessTime(segment.from, timeZone)}–${formatBusinessTime(segment.to, timeZone)}`}
            />
          ))}
        </div>
      </div>
      <div className="relative ml-[5.5rem] h-4 text-[10px] text-muted-foreground" aria-hidden>
        {ticks.map((tick) => (
          <span key={tick} className="absolute -translate-x-1/2" style={{ left: left(tick) }}>
            {formatBusinessTime(tick, timeZone)}
          </span>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-success" aria-hidden />
          <Trans>Working</Trans>
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-warning" aria-hidden />
          <Trans>Break</Trans>
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-primary/60" aria-hidden />
          <Trans>Lunch</Trans>
        </span>
      </figcaption>
    </figure>
  );
}
