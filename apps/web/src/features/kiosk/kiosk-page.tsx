import { Plural, Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Clock } from 'lucide-react';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorMessage } from '@/components/ui/query-state';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { registerServiceWorker } from '@/lib/app-updates';
import { readWithLastKnown } from '@/lib/last-known';
import { useNow } from '@/lib/use-now';
import { fetchThisKiosk, thisKioskQueryKey } from './api';
import { EnrolDeviceForm } from './enrol-device-form';
import { KioskStation } from './kiosk-station';
import { useKioskQueue } from './use-kiosk-queue';

const LAST_KNOWN_DEVICE = 'kiosk-device';

/**
 * /kiosk: the one screen of a shared punching device (#17, decision 0026). Nobody signs in
 * here: the device's own cookie says which kiosk it is; until it has one, it asks for an
 * enrolment code from an admin.
 */
export default function KioskPage() {
  const queryClient = useQueryClient();
  const thisKiosk = useQuery({
    queryKey: thisKioskQueryKey,
    // Remembered, so a kiosk that restarts with no connection still knows what it is.
    queryFn: ({ signal }) => readWithLastKnown(LAST_KNOWN_DEVICE, () => fetchThisKiosk(signal)),
    retry: false,
    networkMode: 'always',
    // A revoked device learns it on its next request; also check now and then while idle.
    refetchInterval: 5 * 60_000,
  });
  const queue = useKioskQueue(thisKiosk.data?.sealingKey);
  const isEnrolled = thisKiosk.data !== undefined;
  useEffect(() => {
    // The app shell is kept on the device, so the kiosk opens again with no connection.
    if (isEnrolled) void registerServiceWorker();
  }, [isEnrolled]);
  const isNotEnrolled = thisKiosk.error instanceof ApiError && thisKiosk.error.status === 401;
  const onSignedOut = () => void queryClient.invalidateQueries({ queryKey: thisKioskQueryKey });

  return (
    <div className="flex min-h-full flex-col bg-background">
      <KioskHeader
        deviceName={thisKiosk.data?.device.name}
        timeZone={thisKiosk.data?.timeZone}
        waiting={queue.waiting}
      />
      <main className="flex flex-1 items-start justify-center p-4 sm:items-center">
        {thisKiosk.isPending ? (
          <FullPageSpinner />
        ) : isNotEnrolled ? (
          <EnrolDeviceForm
            onEnrolled={() => void queryClient.invalidateQueries({ queryKey: thisKioskQueryKey })}
          />
        ) : thisKiosk.data ? (
          <KioskStation
            timeZone={thisKiosk.data.timeZone}
            keepOffline={queue.keep}
            onDeviceRefused={onSignedOut}
          />
        ) : (
          <Card className="w-full max-w-md">
            <CardHeader>
              <h1 className="text-xl font-semibold">
                <Trans>Kiosk</Trans>
              </h1>
              <CardDescription>
                <Trans>This kiosk cannot reach the server right now.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>{thisKiosk.error && <ErrorMessage error={thisKiosk.error} />}</CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}

function KioskHeader({
  deviceName,
  timeZone,
  waiting,
}: {
  deviceName?: string;
  timeZone?: string;
  waiting: number;
}) {
  const now = useNow(15_000);
  return (
    <header className="flex items-center justify-between gap-3 border-b bg-card px-4 py-3">
      <div className="flex min-w-0 items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Clock className="size-4" aria-hidden />
        </span>
        <span className="font-semibold">Punchclock</span>
        {deviceName && (
          <span className="truncate text-sm text-muted-foreground">· {deviceName}</span>
        )}
      </div>
      {waiting > 0 && (
        <span role="status" className="text-sm text-warning-text">
          <Plural value={waiting} one="# punch waiting to send" other="# punches waiting to send" />
        </span>
      )}
      {timeZone && (
        <span className="text-lg font-semibold whitespace-nowrap tabular-nums">
          {formatBusinessTime(now, timeZone)}
        </span>
      )}
    </header>
  );
}
