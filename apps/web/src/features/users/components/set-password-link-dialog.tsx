import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { SetPasswordLink } from '@punchclock/shared/contracts/users';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useSession } from '@/lib/session';

/** Shows a one-time set-password link once, for the admin to hand to the person. */
export function SetPasswordLinkDialog({
  link,
  personName,
  onClose,
}: {
  link: SetPasswordLink | null;
  personName: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { timeZone } = useSession();
  const url = link ? `${window.location.origin}${link.path}` : '';
  const expires = link ? formatBusinessDateTime(link.expiresAt, timeZone) : '';
  const emailedTo = link?.emailedTo;
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>
          <Trans>One-time link for {personName}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Give this link to {personName} so they can choose a password. It works once and expires{' '}
            {expires}. It will not be shown again.
          </Trans>
        </DialogDescription>
        {emailedTo && (
          <p className="text-sm" role="status">
            <Trans>It was also emailed to {emailedTo}.</Trans>
          </p>
        )}
        <div className="flex gap-2">
          <Input
            readOnly
            value={url}
            aria-label={t`Set-password link`}
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Copy link`}
            onClick={() =>
              void navigator.clipboard
                .writeText(url)
                .then(() => toast.success(t`Link copied`))
                .catch(() => toast.error(t`Copy failed; select the link and copy it`))
            }
          >
            <Copy aria-hidden />
          </Button>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
