import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { MonitorOff } from 'lucide-react';
import { sessionsEndedResponseSchema } from '@punchclock/shared/contracts/signed-in-sessions';
import { Button } from '@/components/ui/button';
import { callEndpoint } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

/**
 * User Management → End all sessions (#33 part 5): signs the person out on every device at once.
 * Unlike suspension they may sign in again, and their API tokens keep working.
 */
export function EndSessionsButton({ userId, who }: { userId: string; who: string }) {
  const { t } = useLingui();
  const end = useMutation({
    mutationFn: () =>
      callEndpoint('POST /api/users/:id/sessions/end', {
        params: { id: userId },
        schema: sessionsEndedResponseSchema,
      }),
    onSuccess: ({ sessionsEnded }) =>
      toast.success(
        sessionsEnded === 0
          ? t`${who} was not signed in anywhere`
          : t`${who} was signed out everywhere`,
      ),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t`End all sessions of ${who}`}
      title={t`End all sessions`}
      disabled={end.isPending}
      onClick={() =>
        window.confirm(
          t`End all sessions of ${who}? They are signed out on every device and may sign in again.`,
        ) && end.mutate()
      }
    >
      <MonitorOff aria-hidden />
    </Button>
  );
}
