import { Trans } from '@lingui/react/macro';
import { formatCountdown } from '@punchclock/shared/domain/idle-timeout';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

interface SessionTimeoutDialogProps {
  secondsLeft: number | null;
  onStayLoggedIn: () => void;
}

/** The 5-minute warning before an idle sign-out (product §2 "Session timeout dialog"). */
export function SessionTimeoutDialog({ secondsLeft, onStayLoggedIn }: SessionTimeoutDialogProps) {
  const countdown = formatCountdown(secondsLeft ?? 0);
  return (
    <Dialog open={secondsLeft !== null}>
      <DialogContent
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        aria-describedby="session-timeout-description"
      >
        <DialogTitle>
          <Trans>Are you still there?</Trans>
        </DialogTitle>
        <DialogDescription id="session-timeout-description">
          <Trans>
            You will be signed out for inactivity in{' '}
            <span
              className="font-mono text-base font-semibold text-foreground"
              data-testid="countdown"
            >
              {countdown}
            </span>
            .
          </Trans>
        </DialogDescription>
        <Button onClick={onStayLoggedIn} autoFocus>
          <Trans>Stay Logged In</Trans>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
