import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { toDataURL } from 'qrcode';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { kioskCardQueryOptions, useResetKioskPin } from './api';

/** A person's kiosk badge (their employee number as a QR code) and their PIN, for an admin. */
export function KioskBadgeDialog({
  userId,
  isOpen,
  onClose,
}: {
  userId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const card = useQuery({ ...kioskCardQueryOptions(userId), enabled: isOpen });
  const employeeNumber = card.data?.employeeNumber ?? null;
  const name = card.data?.name ?? '';
  const qrCode = useQuery({
    queryKey: ['kiosk', 'badge-qr', employeeNumber],
    queryFn: () => toDataURL(employeeNumber ?? '', { margin: 1, width: 320 }),
    enabled: employeeNumber !== null,
    staleTime: Infinity,
  });
  const resetPin = useResetKioskPin(userId);

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-md overflow-y-auto">
        <DialogTitle>
          <Trans>Kiosk badge and PIN</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            At a kiosk people scan this badge (or type the number) and enter their own PIN.
          </Trans>
        </DialogDescription>
        {card.isPending ? (
          <Spinner />
        ) : card.error ? (
          <ErrorMessage error={card.error} />
        ) : (
          <>
            {employeeNumber === null ? (
              <p className="text-sm">
                <Trans>
                  {name} has no employee number yet. Give them one on the Payroll screen (Pay
                  rates), then print the badge here.
                </Trans>
              </p>
            ) : (
              <div className="grid justify-items-center gap-3">
                <div
                  data-print-badge
                  className="grid w-64 justify-items-center gap-2 rounded-xl border bg-white p-4 text-center text-black"
                >
                  <p className="text-lg font-semibold">{card.data.name}</p>
                  {qrCode.data ? (
                    <img
                      src={qrCode.data}
                      alt={t`QR code of employee number ${employeeNumber}`}
                      className="size-48"
                    />
                  ) : (
                    <div className="size-48" />
                  )}
                  <p className="font-mono text-sm">
                    <Trans>No. {employeeNumber}</Trans>
                  </p>
                </div>
                <Button variant="outline" onClick={() => window.print()}>
                  <Printer aria-hidden /> <Trans>Print badge</Trans>
                </Button>
              </div>
            )}
            <div className="grid gap-2 border-t pt-4">
              <h3 className="font-medium">
                <Trans>Kiosk PIN</Trans>
              </h3>
              <p className="text-sm text-muted-foreground" data-testid="kiosk-card-pin">
                {card.data.pin.isSet
                  ? t`Set by them.`
                  : t`Not set: they choose one under Your account.`}
              </p>
              <div className="flex flex-wrap gap-2">
                {card.data.pin.isSet && (
                  <Button
                    variant="outline"
                    disabled={resetPin.isPending}
                    onClick={() =>
                      window.confirm(
                        t`Remove the kiosk PIN of ${name}? They set a new one before using a kiosk again.`,
                      ) && resetPin.mutate()
                    }
                  >
                    <Trans>Reset PIN</Trans>
                  </Button>
                )}
              </div>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
