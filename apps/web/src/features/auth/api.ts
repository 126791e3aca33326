import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  sessionResponseSchema,
  sessionUserSchema,
  type SessionResponse,
  type SignInRequest,
} from '@punchclock/shared/contracts/auth';
import { DEFAULT_TIME_ZONE } from '@punchclock/shared/domain/business-time';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

const SIGNED_OUT_DEFAULTS: SessionResponse = {
  user: null,
  idleTimeoutMinutes: 60,
  timeZone: DEFAULT_TIME_ZONE,
};

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) =>
    apiRequest('/api/auth/session', { schema: sessionResponseSchema, signal }),
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

const signInResponseSchema = z.object({ user: sessionUserSchema });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInRequest) =>
      apiRequest('/api/auth/sign-in', {
        method: 'POST',
        body: input,
        schema: signInResponseSchema,
      }),
    onSuccess: ({ user }) => {
      // A new person may be at the keyboard: nothing cached for the previous one survives.
      queryClient.clear();
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (previous) => ({
        ...SIGNED_OUT_DEFAULTS,
        ...previous,
        user,
      }));
    },
  });
}

/** Ends the session on the server, forgets every cached read and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The variable is the toast to show, for sign-outs the user did not ask for.
  return useMutation<void, Error, string | undefined>({
    mutationFn: () => apiRequest<void>('/api/auth/sign-out', { method: 'POST' }),
    // Even if the server cannot be reached the user is signed out here; the session idles out.
    onSettled: (_data, error, message) => {
      const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
      queryClient.clear();
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
        ...SIGNED_OUT_DEFAULTS,
        ...previous,
        user: null,
      });
      if (error) toast.error('Signed out on this device; the server could not be reached.');
      else toast.success(message ?? 'Logged out successfully');
      void navigate('/auth', { replace: true });
    },
  });
}
