import { useMutation } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { EVENT_LABELS, type TimeEventType } from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { SAVED_OFFLINE } from './person-panel';
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
  const [kept, setKept] = useState<string | undefined>();
  const { secondsLeft, restart } = useClearCountdown(onDone);
  const keep = useMutation({
    networkMode: 'always',
    mutationFn: async (eventType: TimeEventType) => {
      await keepOffline({ id: crypto.randomUUID(), eventType, ...credentials });
      return eventType;
    },
    onSuccess: (eventType) =>
      setKept(`${EVENT_LABELS[eventType]} at ${formatBusinessTime(Date.now(), timeZone)}`),
    onSettled: restart,
  });

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <WifiOff className="size-6" aria-hidden /> Kiosk offline
        </h1>
        <CardDescription>
          Employee number {credentials.employeeNumber}. Choose what to record: it is kept on this
          kiosk and sent when the connection is back.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="status" aria-live="polite" className="min-h-6">
          {kept && (
            <p className="rounded-lg bg-success/15 p-3 font-medium text-success-text">
              {kept}. {SAVED_OFFLINE}.
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
          Done
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          This screen clears in {secondsLeft} s
        </p>
      </CardContent>
    </Card>
  );
}
