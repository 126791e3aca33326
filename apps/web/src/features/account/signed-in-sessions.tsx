import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import type { SignedInSession } from '@punchclock/shared/contracts/signed-in-sessions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useSignOut } from '@/features/auth';
import { formatRelativeToNow } from '@/lib/relative-time';
import { toast } from '@/lib/toast';
import { describeDevice, describeSignInMethod } from './session-labels';
import {
  endOtherSessions,
  endSession,
  signedInSessionsQueryKey,
  signedInSessionsQueryOptions,
} from './sessions-api';

const PLATFORM_ICONS = { mobile: Smartphone, tablet: Tablet } as const;

/**
 * Account → Where you're signed in (#33 part 5): the person's live sessions — device, address,
 * last seen, how they signed in — with a sign-out for each and for all the others. A session
 * signed out here leaves its tabs at once (the server's live `session` topic).
 */
export default function SignedInSessions() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const sessions = useQuery(signedInSessionsQueryOptions);
  const signOutHere = useSignOut();
  const reread = () => queryClient.invalidateQueries({ queryKey: signedInSessionsQueryKey });
  const endOne = useMutation({
    mutationFn: (session: SignedInSession) => endSession(session.id),
    onSuccess: (_answer, session) => {
      const device = describeDevice(session);
      toast.success(t`Signed out ${device}`);
    },
    onSettled: reread,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ sessionsEnded }) =>
      toast.success(
        sessionsEnded === 1
          ? t`Signed out 1 other session`
          : t`Signed out ${sessionsEnded} other sessions`,
      ),
    onSettled: reread,
  });

  const signOut = (session: SignedInSession) => {
    if (session.isCurrent) signOutHere.mutate(undefined);
    else endOne.mutate(session);
  };

  return (
    <section
      className="grid gap-2 border-t pt-4"
      aria-labelledby="signed-in-sessions-title"
      data-testid="signed-in-sessions"
    >
      <h3 id="signed-in-sessions-title" className="font-medium">
        <Trans>Where you're signed in</Trans>
      </h3>
      <QueryState query={sessions}>
        {({ sessions: list }) => (
          <>
            <ul className="grid gap-2">
              {list.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  isBusy={endOne.isPending || signOutHere.isPending}
                  onSignOut={() => signOut(session)}
                />
              ))}
            </ul>
            {list.some((session) => !session.isCurrent) && (
              <Button
                variant="outline"
                disabled={endOthers.isPending}
                onClick={() =>
                  window.confirm(
                    t`Sign out all your other sessions? This device stays signed in.`,
                  ) && endOthers.mutate()
                }
              >
                <Trans>Sign out all other sessions</Trans>
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function SessionRow({
  session,
  isBusy,
  onSignOut,
}: {
  session: SignedInSession;
  isBusy: boolean;
  onSignOut: () => void;
}) {
  const { t } = useLingui();
  const device = describeDevice(session);
  const Icon =
    session.platform === 'mobile' || session.platform === 'tablet'
      ? PLATFORM_ICONS[session.platform]
      : Monitor;
  const lastSeen = formatRelativeToNow(session.lastSeenAt);
  return (
    <li
      className="flex items-start gap-3 rounded-md border p-3 text-sm"
      data-testid="signed-in-session"
      data-current={session.isCurrent}
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{device}</span>
          {session.isCurrent && (
            <Badge variant="success">
              <Trans>This device</Trans>
            </Badge>
          )}
        </p>
        <p className="text-muted-foreground">
          {session.ip ?? t`Address not recorded`} · {describeSignInMethod(session.signInMethod)}
        </p>
        <p className="text-muted-foreground">
          {session.isCurrent ? t`Active now` : t`Last seen ${lastSeen}`}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        disabled={isBusy}
        aria-label={session.isCurrent ? t`Sign out on this device` : t`Sign out ${device}`}
        onClick={onSignOut}
      >
        <Trans>Sign out</Trans>
      </Button>
    </li>
  );
}
