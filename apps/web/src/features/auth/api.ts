import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { SessionResponse, SessionUser } from '@punchclock/shared/contracts/auth';
import { callEndpoint } from '@/lib/call-endpoint';
import { forgetLastKnown, rememberLastKnown } from '@/lib/last-known';
import { sessionQueryKey } from '@/lib/query-keys';
import { SIGNED_OUT_DEFAULTS } from '@/lib/session';

/** What the sign-in form holds, checked against the contract when it is sent. */
export interface SignInForm {
  email: string;
  password: string;
  name: string;
}

/**
 * The sign-in contract brings zod, which the sign-in page does not need to show itself: it is
 * loaded when the form is first touched (the page calls this on focus) or at the latest on send.
 */
export const loadSignInContract = () => import('./sign-in-contract');

/** Someone is now signed in (a password, its second step, or a passkey): start the app afresh for them. */
export function useAdoptSession() {
  const queryClient = useQueryClient();
  return (user: SessionUser, twoFactorSetupRequired?: true) => {
    const known = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
    // A new person may be at the keyboard: nothing cached for the previous one survives.
    queryClient.clear();
    const session: SessionResponse = {
      ...SIGNED_OUT_DEFAULTS,
      ...known,
      user,
      ...(twoFactorSetupRequired ? { twoFactorSetupRequired } : {}),
    };
    queryClient.setQueryData<SessionResponse>(sessionQueryKey, session);
    void forgetLastKnown().then(() => rememberLastKnown('session', session));
  };
}

export function useSignIn() {
  const adoptSession = useAdoptSession();
  return useMutation({
    mutationFn: async (form: SignInForm) => {
      const { firstIssueMessage, signInRequestSchema, signInResponseSchema } =
        await loadSignInContract();
      const parsed = signInRequestSchema.safeParse(form);
      // The first failing rule, in the order the contract declares them (product §5).
      if (!parsed.success) throw new Error(firstIssueMessage(parsed.error));
      return callEndpoint('POST /api/auth/sign-in', {
        body: parsed.data,
        schema: signInResponseSchema,
      });
    },
    onSuccess: (reply) => {
      // With two-step verification the password is not the end: the page asks for the second step.
      if ('user' in reply) adoptSession(reply.user, reply.twoFactorSetupRequired);
    },
  });
}

/** Ends the session on the server, forgets every cached read and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The variable is the toast to show, for sign-outs the user did not ask for.
  return useMutation<void, Error, string | undefined>({
    mutationFn: () => callEndpoint('POST /api/auth/sign-out'),
    // Even if the server cannot be reached the user is signed out here; the session idles out.
    meta: { showsOwnError: true },
    onSettled: (_data, error, message) => {
      const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
      queryClient.clear();
      void forgetLastKnown();
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
        ...SIGNED_OUT_DEFAULTS,
        ...previous,
        user: null,
      });
      if (error) toast.error(t`Signed out on this device; the server could not be reached.`);
      else toast.success(message ?? t`Logged out successfully`);
      void navigate('/auth', { replace: true });
    },
  });
}

interface SsoButton {
  slug: string;
  name: string;
}

/** The sign-in page's "Sign in with …" buttons; read without zod, which this page does not load. */
function parseSsoButtons(value: unknown): { providers: SsoButton[] } {
  const providers = (value as { providers?: unknown } | null)?.providers;
  if (!Array.isArray(providers)) throw new Error(t`Unexpected answer from the server`);
  return {
    providers: providers.filter(
      (entry): entry is SsoButton =>
        typeof (entry as SsoButton | null)?.slug === 'string' &&
        typeof (entry as SsoButton).name === 'string',
    ),
  };
}

export function useSsoButtons(): SsoButton[] {
  const query = useQuery({
    queryKey: ['sso-buttons'],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/auth/sso-providers', { schema: { parse: parseSsoButtons }, signal }),
    staleTime: 5 * 60_000,
  });
  return query.data?.providers ?? [];
}

/** GET /api/setup/status read without zod (this page does not load it): true, false, or unknown. */
function parseNeedsSetup(value: unknown): { needsSetup: boolean; organisationName: string | null } {
  const reply = value as { needsSetup?: unknown; organisationName?: unknown } | null;
  return {
    needsSetup: reply?.needsSetup === true,
    organisationName: typeof reply?.organisationName === 'string' ? reply.organisationName : null,
  };
}

/**
 * Whether the instance still waits for its first admin (no users yet): the sign-in page then
 * points to the one-time setup link on the server's console instead (decision
 * 0053). Once set up, the organisation's name, which the page shows.
 */
export function useSetupStatus(): { needsSetup: boolean; organisationName: string | null } {
  const query = useQuery({
    queryKey: ['setup-status'],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/setup/status', { schema: { parse: parseNeedsSetup }, signal }),
    staleTime: 60_000,
  });
  return query.data ?? { needsSetup: false, organisationName: null };
}
