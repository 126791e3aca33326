import { Copy } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { SetPasswordLink } from '@punchclock/shared/contracts/users';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

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
  const url = link ? `${window.location.origin}${link.path}` : '';
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>One-time link for {personName}</DialogTitle>
        <DialogDescription>
          Give this link to {personName} so they can choose a password. It works once and expires{' '}
          {link && new Date(link.expiresAt).toLocaleString()}. It will not be shown again.
        </DialogDescription>
        {link?.emailedTo && (
          <p className="text-sm" role="status">
            It was also emailed to {link.emailedTo}.
          </p>
        )}
        <div className="flex gap-2">
          <Input
            readOnly
            value={url}
            aria-label="Set-password link"
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy link"
            onClick={() =>
              void navigator.clipboard
                .writeText(url)
                .then(() => toast.success('Link copied'))
                .catch(() => toast.error('Copy failed; select the link and copy it'))
            }
          >
            <Copy aria-hidden />
          </Button>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
