import { Trans, useLingui } from '@lingui/react/macro';
import { CloudOff } from 'lucide-react';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { eventLabels } from '@punchclock/shared/domain/time-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { DisplayEvent } from '../api';

export function TodaysActivityCard({
  events,
  timeZone,
}: {
  events: DisplayEvent[];
  timeZone: string;
}) {
  const { t } = useLingui();
  const labels = eventLabels(events);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Today&apos;s Activity</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No activity recorded yet</Trans>
          </p>
        ) : (
          <ol className="grid gap-2" aria-label={t`Today's events, oldest first`}>
            {events.map((event, index) => (
              <li
                key={event.id}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm"
                data-testid="activity-item"
              >
                <span className="font-medium">{labels[index]}</span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {event.isPending && (
                    <span className="flex items-center gap-1 text-xs text-warning">
                      <CloudOff className="size-3.5" aria-hidden /> <Trans>Pending sync</Trans>
                    </span>
                  )}
                  <time dateTime={event.occurredAt}>
                    {formatBusinessTime(event.occurredAt, timeZone)}
                  </time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
