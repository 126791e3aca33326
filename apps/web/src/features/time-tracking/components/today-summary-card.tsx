import { Trans, useLingui } from '@lingui/react/macro';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { summariseDay } from '@punchclock/shared/domain/day-summary';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { DisplayEvent } from '../api';
import { useNow } from '@/lib/use-now';

/** Paid time so far (breaks paid, lunch unpaid), refreshed each minute. */
export function TodaySummaryCard({ events, date }: { events: DisplayEvent[]; date: string }) {
  const { t } = useLingui();
  const now = useNow(60_000);
  const summary = summariseDay(
    events.map((event) => ({ ...event, date })),
    now,
  );
  const figures = [
    { label: t`Worked`, value: summary.workedMinutes },
    { label: t`Breaks`, value: summary.breakMinutes },
    { label: t`Lunch`, value: summary.lunchMinutes },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Today so far</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-3 text-center">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg bg-muted p-3">
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatMinutes(figure.value)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
