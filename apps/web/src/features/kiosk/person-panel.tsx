import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  kioskGrantExpiredMessage,
  type IdentifyAtKioskResponse,
} from '@punchclock/shared/contracts/kiosk';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import {
  EVENT_SUCCESS_MESSAGES,
  STATE_LABELS,
  type TimeEventType,
} from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { isDeviceRefused, punchAtKiosk } from './api';
import { PunchButtons } from './punch-buttons';
import { useClearCountdown } from './use-clear-countdown';
import type { OfflinePunch } from './use-kiosk-queue';

/**
 * Who was identified, where they stand, and the punches the state machine allows. If the
 * connection drops between identifying and punching, the punch is kept on the kiosk (with the
 * same id) and sent later, like any punch captured offline.
 */
export function PersonPanel({
  identified,
  credentials,
  timeZone,
  keepOffline,
  onDone,
  onDeviceRefused,
}: {
  identified: IdentifyAtKioskResponse;
  credentials: { employeeNumber: string; pin: string };
  timeZone: string;
  keepOffline: (punch: OfflinePunch) => Promise<void>;
  onDone: (notice?: string) => void;
  onDeviceRefused: () => void;
}) {
  const [current, setCurrent] = useState(identified.person);
  const [confirmation, setConfirmation] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const { secondsLeft, restart } = useClearCountdown(onDone);

  const punch = useMutation({
    networkMode: 'always',
    meta: { showsOwnError: true },
    mutationFn: async ({ id, eventType }: { id: string; eventType: TimeEventType }) => {
      try {
        const { event, warning } = await punchAtKiosk({ grant: identified.grant, id, eventType });
        return { eventType: event.eventType, occurredAt: event.occurredAt, warning };
      } catch (failure) {
        if (!(failure instanceof ApiError && failure.status === 0)) throw failure;
        await keepOffline({ id, eventType, ...credentials });
        return { eventType, occurredAt: new Date().toISOString(), warning: savedOfflineMessage() };
      }
    },
    onSuccess: ({ eventType, occurredAt, warning }) => {
      setCurrent((person) => ({ ...person, state: eventType, stateSince: occurredAt }));
      setConfirmation([EVENT_SUCCESS_MESSAGES[eventType], warning].filter(Boolean).join('. '));
      setError(undefined);
    },
    onError: (failure) => {
      if (isDeviceRefused(failure)) return onDeviceRefused();
      if (failure instanceof ApiError && failure.code === 'kiosk_grant_expired') {
        return onDone(kioskGrantExpiredMessage());
      }
      setError(failure.message);
    },
    onSettled: restart,
  });

  const name = current.name;
  const stateLabel = STATE_LABELS[current.state];
  const since = current.stateSince ? formatBusinessTime(current.stateSince, timeZone) : null;

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <h1 className="text-2xl font-semibold">
          <Trans>Hello, {name}</Trans>
        </h1>
        <p className="text-muted-foreground" data-testid="kiosk-state">
          {since ? (
            <Trans>
              {stateLabel} since {since}
            </Trans>
          ) : (
            stateLabel
          )}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="status" aria-live="polite" className="min-h-6">
          {confirmation && (
            <p className="rounded-lg bg-success/15 p-3 font-medium text-success-text">
              {confirmation}
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <PunchButtons
          state={current.state}
          isBusy={punch.isPending}
          onPunch={(eventType) => punch.mutate({ id: crypto.randomUUID(), eventType })}
        />
        <Button variant="outline" size="lg" onClick={() => onDone()}>
          <Trans>Done</Trans>
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          <Trans>This screen clears in {secondsLeft} s</Trans>
        </p>
      </CardContent>
    </Card>
  );
}

/** Said when a punch is kept on this kiosk; made when shown, in the reader's language. */
export function savedOfflineMessage(): string {
  return t`Saved on this kiosk: it is sent when the connection is back, and your PIN is checked then`;
}
