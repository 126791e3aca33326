import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { EVENT_LABELS, type TimeEventType } from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { savedOfflineMessage } from './person-panel';
import { PunchButtons } from './punch-buttons';
import { useClearCountdown } from './use-clear-countdown';
import type { OfflinePunch } from './use-kiosk-queue';

/**
 * The kiosk cannot reach the server: nobody can be looked up, so the person chooses what to
 * record and the punch is kept here (its PIN sealed) until the server can check and record it.
 */
export function OfflinePanel({
  credentials,
  timeZone,
  keepOffline,
  onDone,
}: {
  credentials: { employeeNumber: string; pin: string };
  timeZone: string;
  keepOffline: (punch: OfflinePunch) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const employeeNumber = credentials.employeeNumber;
  const [kept, setKept] = useState<string | undefined>();
  const { secondsLeft, restart } = useClearCountdown(onDone);
  const keep = useMutation({
    networkMode: 'always',
    meta: { showsOwnError: true }, // the kiosk shows what was kept, and nothing else
    mutationFn: async (eventType: TimeEventType) => {
      await keepOffline({ id: crypto.randomUUID(), eventType, ...credentials });
      return eventType;
    },
    onSuccess: (eventType) => {
      const label = EVENT_LABELS[eventType];
      const time = formatBusinessTime(Date.now(), timeZone);
      setKept(t`${label} at ${time}`);
    },
    onSettled: restart,
  });

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <WifiOff className="size-6" aria-hidden /> <Trans>Kiosk offline</Trans>
        </h1>
        <CardDescription>
          <Trans>
            Employee number {employeeNumber}. Choose what to record: it is kept on this kiosk and
            sent when the connection is back.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="status" aria-live="polite" className="min-h-6">
          {kept && (
            <p className="rounded-lg bg-success/15 p-3 font-medium text-success-text">
              {kept}. {savedOfflineMessage()}.
            </p>
          )}
        </div>
        {keep.error && (
          <p role="alert" className="text-sm text-destructive">
            {keep.error.message}
          </p>
        )}
        <PunchButtons
          state={null}
          isBusy={keep.isPending || kept !== undefined}
          onPunch={(eventType) => keep.mutate(eventType)}
        />
        <Button variant="outline" size="lg" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          <Trans>This screen clears in {secondsLeft} s</Trans>
        </p>
      </CardContent>
    </Card>
  );
}
