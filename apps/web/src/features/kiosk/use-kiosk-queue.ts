import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
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
 *
 * "Comes back" is the browser's `online` event, heard here: TanStack Query's own reconnect
 * refetch believes it is online when the page loads (it never reads navigator.onLine), so a
 * kiosk reloaded offline saw no change when the network returned and waited for the 30 s poll.
 */
export function useKioskQueue(sealingKey: string | undefined) {
  const queryClient = useQueryClient();
  const sending = useQuery({
    queryKey: queueQueryKey,
    queryFn: () => sendKioskQueue(sendOfflineKioskPunch),
    networkMode: 'always',
    refetchInterval: 30_000,
    refetchOnReconnect: false,
    staleTime: 0,
  });
  useEffect(() => {
    // A send already under way is left to finish (its punches go once, by their ids).
    const sendNow = () =>
      void queryClient.refetchQueries({ queryKey: queueQueryKey }, { cancelRefetch: false });
    window.addEventListener('online', sendNow);
    return () => window.removeEventListener('online', sendNow);
  }, [queryClient]);

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
