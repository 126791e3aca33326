import { t } from '@lingui/core/macro';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@punchclock/shared/contracts/auth';
import { suspendedMessage } from '@punchclock/shared/contracts/auth-messages';
import { ApiError, isServerBusy, isUnauthorized } from '@/lib/api-client';
import { forgetLastKnown } from '@/lib/last-known';
import { toast } from '@/lib/toast';
import { sessionQueryKey } from '@/lib/query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The mutation shows its own failure (a form's or a dialog's error line, a special case):
       * no default toast. Without it, a failed mutation toasts the error's message.
       */
      showsOwnError?: boolean;
    };
  }
}

/**
 * product §9: fresh 5 min, kept 10 min, no refetch on focus, 1 retry (never for 4xx; 3 when
 * the server is busy).
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        refetchOnWindowFocus: false,
        // A busy server (503, the embedded database's queue) said when to come back: up to
        // three tries, each after its Retry-After.
        retry: (failureCount, error) =>
          failureCount < (isServerBusy(error) ? 3 : 1) &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (failureCount, error) =>
          isServerBusy(error) && error.retryAfterSeconds !== null
            ? Math.min(30, error.retryAfterSeconds) * 1000
            : Math.min(1000 * 2 ** failureCount, 30_000),
      },
    },
    queryCache: new QueryCache({ onError: (error) => handleSignedOut(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        handleSignedOut(error);
        if (!mutation.meta?.showsOwnError) toast.error(error.message);
      },
    }),
  });

  // A 401 anywhere means the session ended on the server (idle, revoked, suspended):
  // forget the user and the guard sends them to /auth.
  function handleSignedOut(error: unknown): void {
    if (!isUnauthorized(error)) return;
    const current = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
    if (!current?.user) return;
    void forgetLastKnown();
    if (error.code === 'suspended') toast.error(suspendedMessage());
    else toast.info(t`Your session has ended. Please sign in again.`);
    queryClient.setQueryData<SessionResponse>(sessionQueryKey, { ...current, user: null });
  }

  return queryClient;
}
