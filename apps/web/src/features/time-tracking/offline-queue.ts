import { createStore, get, update, type UseStore } from 'idb-keyval';
import type { PunchPosition } from '@punchclock/shared/contracts/locations';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';

/** An action taken while the server could not be reached, kept on the device until sent. */
export interface PendingTimeAction {
  id: string;
  userId: string;
  eventType: TimeEventType;
  capturedAt: string;
  /** Where it was made, when the team has a location policy (sent with it). */
  position?: PunchPosition;
}

/*
 * The queue lives in IndexedDB (#17): it survives reloads and browser restarts, and the page
 * can read it before anything else has loaded. Every change is one IndexedDB transaction
 * (idb-keyval's `update`), so two tabs changing it at once cannot lose an action; each change
 * is announced to the other tabs, which re-read it. The screen reads a copy kept in memory.
 * An action is sent with its own id, so one sent twice (two tabs, a retry) is recorded once.
 */

const QUEUE_KEY = 'pending-time-actions';
/** Where the queue was kept before IndexedDB; moved over once, on first load. */
const LEGACY_STORAGE_KEY = 'punchclock:pending-time-actions';
const CHANNEL = 'punchclock:pending-time-actions';

let store: UseStore | null = null;
function queueStore(): UseStore {
  store ??= createStore('punchclock-offline', 'queue');
  return store;
}

let actions: PendingTimeAction[] = [];
let version = 0;
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

function show(next: PendingTimeAction[]): void {
  actions = next;
  version += 1;
  listeners.forEach((listener) => listener());
}

function isPendingAction(value: unknown): value is PendingTimeAction {
  if (typeof value !== 'object' || value === null) return false;
  const action = value as Record<string, unknown>;
  return (
    typeof action.id === 'string' &&
    typeof action.userId === 'string' &&
    typeof action.eventType === 'string' &&
    typeof action.capturedAt === 'string'
  );
}

function readLegacy(): PendingTimeAction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LEGACY_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPendingAction) : [];
  } catch {
    return [];
  }
}

function withoutDuplicates(list: PendingTimeAction[]): PendingTimeAction[] {
  const seen = new Set<string>();
  return list.filter((action) => !seen.has(action.id) && seen.add(action.id));
}

/** One atomic change of the stored queue, then shown here and announced to other tabs. */
async function change(apply: (stored: PendingTimeAction[]) => PendingTimeAction[]): Promise<void> {
  let next: PendingTimeAction[] = [];
  if (typeof indexedDB === 'undefined') {
    show(apply(actions)); // no IndexedDB (a test environment): this page only
    return;
  }
  await update<PendingTimeAction[]>(
    QUEUE_KEY,
    (stored) => {
      next = apply(Array.isArray(stored) ? stored.filter(isPendingAction) : []);
      return next;
    },
    queueStore(),
  );
  show(next);
  channel?.postMessage('changed');
}

async function reload(): Promise<void> {
  const stored = await get<unknown[]>(QUEUE_KEY, queueStore());
  show(Array.isArray(stored) ? stored.filter(isPendingAction) : []);
}

/** Resolves once the stored queue has been read (and any older localStorage queue moved in). */
export const pendingActionsLoaded: Promise<void> =
  typeof indexedDB === 'undefined'
    ? Promise.resolve()
    : (async () => {
        const legacy = readLegacy();
        if (legacy.length > 0) {
          await change((stored) => withoutDuplicates([...stored, ...legacy]));
          localStorage.removeItem(LEGACY_STORAGE_KEY);
        } else {
          await reload();
        }
        channel?.addEventListener('message', () => void reload());
      })().catch(() => undefined);

/** The user's queued actions, oldest first. */
export function listPendingActions(userId: string): PendingTimeAction[] {
  return actions
    .filter((action) => action.userId === userId)
    .sort((a, b) => a.capturedAt.localeCompare(b.capturedAt));
}

/** Resolves once the action is stored on the device. */
export async function enqueuePendingAction(action: PendingTimeAction): Promise<void> {
  await pendingActionsLoaded;
  await change((stored) => withoutDuplicates([...stored, action]));
}

export async function removePendingAction(id: string): Promise<void> {
  await change((stored) => stored.filter((action) => action.id !== id));
}

export function subscribePendingActions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes with the queue, for useSyncExternalStore. */
export function readPendingVersion(): number {
  return version;
}
