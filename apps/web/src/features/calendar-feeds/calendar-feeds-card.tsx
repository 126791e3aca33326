import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { type CalendarFeed } from '@punchclock/shared/contracts/calendar-feeds';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { ShownOnce } from '@/components/ui/shown-once';
import {
  calendarFeedsQueryKey,
  calendarFeedsQueryOptions,
  createCalendarFeed,
  stopCalendarFeed,
} from './api';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/session';

/**
 * "Add to your calendar" (#18 point 4): a secret iCalendar address for one's own shifts and
 * approved time off, or a led team's, for Google Calendar or Outlook to subscribe to. The
 * address is shown once (only its hash is kept); making a new one stops the old.
 */
export function CalendarFeedsCard() {
  const { t } = useLingui();
  const { timeZone } = useSession();
  /** What a feed covers, for its row and its button. */
  const feedLabel = (team: { name: string } | null) => {
    if (!team) return t`My shifts`;
    const teamName = team.name;
    return t`Team ${teamName}`;
  };
  /** When a feed's address was made, and last read by a calendar. */
  const feedHistory = (feed: CalendarFeed) => {
    const made = formatBusinessDateTime(feed.createdAt, timeZone);
    if (!feed.lastUsedAt) return t`Address made ${made} · not read yet`;
    const lastRead = formatBusinessDateTime(feed.lastUsedAt, timeZone);
    return t`Address made ${made} · last read ${lastRead}`;
  };
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<{ team: { name: string } | null; url: string } | null>(null);
  const feeds = useQuery(calendarFeedsQueryOptions);
  const create = useMutation({
    mutationFn: (team: { id: string; name: string } | null) => createCalendarFeed(team?.id ?? null),
    onSuccess: ({ url, feed }) => {
      setShown({ team: feed.team, url });
      void queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey });
    },
  });
  const remove = useMutation({
    mutationFn: (feed: CalendarFeed) => stopCalendarFeed(feed.id),
    onSuccess: () => {
      setShown(null);
      toast.success(t`Calendar address stopped`);
      void queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Add to your calendar</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A private address for Google Calendar (“From URL”) or Outlook (“Subscribe from web”):
            your shifts and approved time off appear there and stay up to date.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={feeds}>
          {(data) => {
            const choices = [null, ...data.teams];
            const shownLabel = shown ? feedLabel(shown.team) : '';
            return (
              <>
                <ul className="grid gap-2" aria-label={t`Calendar addresses`}>
                  {choices.map((team) => {
                    const feed = data.feeds.find(
                      (item) => (item.team?.id ?? null) === (team?.id ?? null),
                    );
                    const label = feedLabel(team);
                    return (
                      <li
                        key={team?.id ?? 'mine'}
                        className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                      >
                        <span className="grid text-sm">
                          <span className="font-medium">{label}</span>
                          <span className="text-muted-foreground">
                            {feed ? feedHistory(feed) : t`No address yet`}
                          </span>
                        </span>
                        <span className="flex flex-wrap gap-2">
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={create.isPending}
                            aria-label={
                              feed ? t`New address: ${label}` : t`Make an address: ${label}`
                            }
                            onClick={() => create.mutate(team)}
                          >
                            <CalendarPlus aria-hidden />{' '}
                            {feed ? t`New address` : t`Make an address`}
                          </Button>
                          {feed && (
                            <Button
                              variant="ghost"
                              size="sm"
                              disabled={remove.isPending}
                              aria-label={t`Stop the address: ${label}`}
                              onClick={() => remove.mutate(feed)}
                            >
                              <Trans>Stop</Trans>
                            </Button>
                          )}
                        </span>
                      </li>
                    );
                  })}
                </ul>
                {shown && (
                  <ShownOnce
                    id="calendar-feed-url"
                    label={t`Address for ${shownLabel}`}
                    value={shown.url}
                  >
                    <Trans>
                      Shown this once: keep it private, as anyone with it sees these shifts. A new
                      address stops this one.
                    </Trans>
                  </ShownOnce>
                )}
              </>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
