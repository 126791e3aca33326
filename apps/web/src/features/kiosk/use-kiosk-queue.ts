import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OfflineKioskPunchRequest } from '@punchclock/shared/contracts/kiosk';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import { sendOfflineKioskPunch } from './api';
import { queueKioskPunch, sendKioskQueue } from './kiosk-queue';
import { sealPin } from './seal-pin';

const queueQueryKey = ['kiosk', 'offline-queue'] as const;

/** A punch to keep on this kiosk until the server can take it. */
export interface OfflinePunch {
  id: string;
  eventType: TimeEventType;
  employeeNumber: string;
  pin: string;
}

/**
 * The kiosk's offline queue: `keep` seals and stores a punch; what is stored is sent at start,
 * every 30 s, when the connection comes back and after each punch kept. `waiting` is how many
 * are still on the kiosk.
 */
export function useKioskQueue(sealingKey: string | undefined) {
  const queryClient = useQueryClient();
  const sending = useQuery({
    queryKey: queueQueryKey,
    queryFn: () => sendKioskQueue(sendOfflineKioskPunch),
    networkMode: 'always',
    refetchInterval: 30_000,
    refetchOnReconnect: 'always',
    staleTime: 0,
  });

  const keep = useCallback(
    async (punch: OfflinePunch): Promise<void> => {
      if (!sealingKey) throw new Error(t`This kiosk cannot keep punches offline yet.`);
      const queued: OfflineKioskPunchRequest = {
        id: punch.id,
        eventType: punch.eventType,
        capturedOfflineAt: new Date().toISOString(),
        employeeNumber: punch.employeeNumber,
        sealedPin: await sealPin(sealingKey, punch.pin, punch.id),
      };
      await queueKioskPunch(queued);
      void queryClient.invalidateQueries({ queryKey: queueQueryKey });
    },
    [sealingKey, queryClient],
  );

  return { waiting: sending.data ?? 0, keep };
}
