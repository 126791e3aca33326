import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  ALL_LIVE_TOPICS,
  type LiveMessage,
  type LiveTopic,
} from '@punchclock/shared/contracts/live';
import { endpointPath } from '@/lib/call-endpoint';
import {
  schedulesQueryKey,
  sessionQueryKey,
  timeEventsQueryKey,
  timesheetsQueryKey,
} from '@/lib/query-keys';

/** Messages for one topic within this window cause a single re-read (a shift-start burst). */
const COALESCE_MS = 500;

/**
 * A refused stream (429: too many open tabs, or a full server) is not retried by EventSource
 * itself, so we reopen it, waiting longer after each refusal in a row: 30 s, 60 s, … 5 min,
 * with jitter so many tabs refused together do not come back together.
 */
const REFUSED_FIRST_RETRY_MS = 30_000;
const REFUSED_MAX_RETRY_MS = 5 * 60_000;

function refusedRetryDelayMs(refusalsInARow: number, random = Math.random): number {
  const base = Math.min(REFUSED_FIRST_RETRY_MS * 2 ** (refusalsInARow - 1), REFUSED_MAX_RETRY_MS);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * `<html data-live-stream="open">` once the server has greeted this tab's stream (so it will
 * hear the next change), "closed" while it is down: what a test of live updates waits for.
 */
function showStreamState(state: 'open' | 'closed' | null) {
  if (state) document.documentElement.dataset.liveStream = state;
  else delete document.documentElement.dataset.liveStream;
}

/** The queries each topic re-reads: every topic the server may send must be here. */
const QUERY_KEYS_OF_TOPIC: Record<LiveTopic, QueryKey[]> = {
  // A punch changes the day's figures, so the timesheet too.
  time_events: [timeEventsQueryKey, timesheetsQueryKey],
  // An ended session: its tabs find no session and go to /auth; the others re-read the list.
  session: [sessionQueryKey, ['me', 'sessions']],
  // Every step of a shift trade notifies the people it concerns (#30): their Open Shifts & Swaps
  // page (features/rosters, market-api.ts) re-reads with the bell.
  notifications: [['notifications'], ['shift-market']],
  team_activity: [['team_activity']],
  approvals: [['approvals']],
  time_off: [['time_off']],
  // A published roster changes people's schedules and the planners' boards.
  roster: [['roster'], schedulesQueryKey, ['demand']],
  // Requirements, an auto-fill's progress and coverage (features/demand keys its queries so).
  demand: [['demand']],
};

/** The queries a message re-reads; null = every query. */
function queryKeysOf(topic: LiveMessage['topic']): QueryKey[] | null {
  return topic === ALL_LIVE_TOPICS ? null : QUERY_KEYS_OF_TOPIC[topic];
}

/**
 * One Server-Sent Events stream per tab. A "change" names what to re-read; after any
 * reconnect everything is re-read, since messages sent while disconnected are not replayed.
 * A dropped connection is retried by EventSource (the server's retry hint); a refused one
 * (the stream was never opened) by us, with a growing delay.
 */
export function useLiveUpdates(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return;
    let source: EventSource | null = null;
    let reopenTimer: number | undefined;
    let refusalsInARow = 0;
    const pending = new Map<LiveMessage['topic'], number>();
    const reread = (topic: LiveMessage['topic']) => {
      if (pending.has(topic)) return;
      pending.set(
        topic,
        window.setTimeout(() => {
          pending.delete(topic);
          const queryKeys = queryKeysOf(topic);
          if (!queryKeys) void queryClient.invalidateQueries();
          else queryKeys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
        }, COALESCE_MS),
      );
    };
    let hasConnected = false;
    const open = () => {
      const current = new EventSource(endpointPath('GET /api/live'));
      source = current;
      current.addEventListener('ready', () => {
        if (hasConnected) reread(ALL_LIVE_TOPICS);
        hasConnected = true;
        refusalsInARow = 0;
        showStreamState('open');
      });
      current.addEventListener('change', (message: MessageEvent<string>) => {
        reread((JSON.parse(message.data) as LiveMessage).topic);
      });
      current.addEventListener('error', () => {
        showStreamState('closed');
        if (current.readyState !== EventSource.CLOSED) return; // EventSource reconnects itself
        refusalsInARow += 1;
        reopenTimer = window.setTimeout(open, refusedRetryDelayMs(refusalsInARow));
      });
    };
    open();
    return () => {
      source?.close();
      showStreamState(null);
      window.clearTimeout(reopenTimer);
      pending.forEach((timer) => window.clearTimeout(timer));
    };
  }, [isSignedIn, queryClient]);
}
