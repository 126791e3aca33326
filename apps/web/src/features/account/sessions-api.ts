import { queryOptions } from '@tanstack/react-query';
import {
  sessionsEndedResponseSchema,
  signedInSessionsResponseSchema,
} from '@punchclock/shared/contracts/signed-in-sessions';
import { callEndpoint } from '@/lib/call-endpoint';

// Account → Where you're signed in: the person's live sessions (the live `session` topic re-reads
// them, features/live).

export const signedInSessionsQueryKey = ['me', 'sessions'] as const;

export const signedInSessionsQueryOptions = queryOptions({
  queryKey: signedInSessionsQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/account/sessions', { schema: signedInSessionsResponseSchema, signal }),
});

export function endSession(id: string) {
  return callEndpoint('DELETE /api/account/sessions/:id', { params: { id } });
}

export function endOtherSessions() {
  return callEndpoint('POST /api/account/sessions/sign-out-others', {
    schema: sessionsEndedResponseSchema,
  });
}
