import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@punchclock/shared/contracts/auth';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { DEFAULT_TIME_ZONE } from '@punchclock/shared/domain/time-zone';
import { callEndpoint } from '@/lib/call-endpoint';
import { readWithLastKnown } from '@/lib/last-known';
import { sessionQueryKey } from '@/lib/query-keys';
import { parseSessionResponse } from '@/lib/session-response';
import { useNow } from '@/lib/use-now';

/*
 * The session is app-wide state: the guard, the shell and most pages read who is signed in and
 * the business time zone. Signing in and out (which change it) belong to features/auth.
 */

/** What the session says before anyone signs in (and after sign-out keeps the time zone). */
export const SIGNED_OUT_DEFAULTS: SessionResponse = {
  user: null,
  idleTimeoutMinutes: 60,
  timeZone: DEFAULT_TIME_ZONE,
};

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  // Offline, the last session seen on this device opens the app (lib/last-known.ts).
  queryFn: ({ signal }) =>
    readWithLastKnown('session', () =>
      callEndpoint('GET /api/auth/session', { schema: { parse: parseSessionResponse }, signal }),
    ),
  networkMode: 'always',
});

/** The signed-in user (or null), shared by the guard, the shell and every page. */
export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return {
    ...query,
    user: query.data?.user ?? null,
    timeZone: query.data?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Today's business date (yyyy-MM-dd in the business time zone), rolling over at midnight. */
export function useBusinessToday(): string {
  const { timeZone } = useSession();
  return toBusinessDate(useNow(60_000), timeZone);
}
