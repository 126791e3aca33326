import { createStore, get, update, type UseStore } from 'idb-keyval';
import type { OfflineKioskPunchRequest } from '@punchclock/shared/contracts/kiosk';
import { ApiError } from '@/lib/api-client';

/*
 * Punches a kiosk captured while it could not reach the server (#17, decision 0027), kept in
 * IndexedDB until sent: they survive a reload or a restart of the tablet. Each is sent with its
 * own id, so one sent twice (a retry after a lost answer) is recorded once. They go in the
 * order they were taken, as a break only makes sense after the clock-in before it.
 */

const QUEUE_KEY = 'kiosk-punches';

let store: UseStore | null = null;
function queueStore(): UseStore {
  store ??= createStore('punchclock-kiosk', 'queue');
  return store;
}

export async function queueKioskPunch(punch: OfflineKioskPunchRequest): Promise<void> {
  await update<OfflineKioskPunchRequest[]>(
    QUEUE_KEY,
    (queued = []) => (queued.some((item) => item.id === punch.id) ? queued : [...queued, punch]),
    queueStore(),
  );
}

export async function readKioskQueue(): Promise<OfflineKioskPunchRequest[]> {
  return (await get<OfflineKioskPunchRequest[]>(QUEUE_KEY, queueStore())) ?? [];
}

async function removeKioskPunch(id: string): Promise<void> {
  await update<OfflineKioskPunchRequest[]>(
    QUEUE_KEY,
    (queued = []) => queued.filter((item) => item.id !== id),
    queueStore(),
  );
}

/** Whether the server gave its final word on a punch (recorded, or refused for good). */
function isSettled(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // Unreachable, busy, or this device refused: keep it and try again later.
  if (error.status === 0 || error.status === 401 || error.status === 408) return false;
  if (error.status === 429 || error.status >= 500) return false;
  return true;
}

/**
 * Sends what is queued, oldest first, stopping at the first punch the server could not take
 * yet. A punch it refused for good (a wrong PIN, a lock) is dropped: it can never be recorded,
 * and the server has told the admins (and the person, when known) of it.
 * Returns how many are still waiting.
 */
export async function sendKioskQueue(
  send: (punch: OfflineKioskPunchRequest) => Promise<unknown>,
): Promise<number> {
  const queued = await readKioskQueue();
  for (const [index, punch] of queued.entries()) {
    try {
      await send(punch);
    } catch (error) {
      if (!isSettled(error)) return queued.length - index;
    }
    await removeKioskPunch(punch.id);
  }
  return 0;
}
