import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { callEndpoint } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

/** A lost phone: remove a person's authenticator app, recovery codes and passkeys (#33). */
export function ResetTwoFactorButton({ userId, who }: { userId: string; who: string }) {
  const { t } = useLingui();
  const reset = useMutation({
    mutationFn: () => callEndpoint('DELETE /api/users/:id/two-factor', { params: { id: userId } }),
    onSuccess: () => toast.success(t`Two-step verification of ${who} removed`),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t`Remove two-step verification of ${who}`}
      disabled={reset.isPending}
      onClick={() =>
        window.confirm(
          t`Remove the authenticator app, recovery codes and passkeys of ${who}? Use this when they lost their phone; they sign in with their password and set up again.`,
        ) && reset.mutate()
      }
    >
      <ShieldOff aria-hidden />
    </Button>
  );
}
