import type { TimeEventType } from '@punchclock/shared/domain/time-state';

/** An action taken while the server could not be reached, kept on the device until sent. */
export interface PendingTimeAction {
  id: string;
  userId: string;
  eventType: TimeEventType;
  capturedAt: string;
}

const STORAGE_KEY = 'punchclock:pending-time-actions';
const listeners = new Set<() => void>();

function readAll(): PendingTimeAction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingTimeAction[]) : [];
  } catch {
    return [];
  }
}

function writeAll(actions: PendingTimeAction[]): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(actions));
  listeners.forEach((listener) => listener());
}

/** The user's queued actions, oldest first. */
export function listPendingActions(userId: string): PendingTimeAction[] {
  return readAll()
    .filter((action) => action.userId === userId)
    .sort((a, b) => a.capturedAt.localeCompare(b.capturedAt));
}

export function enqueuePendingAction(action: PendingTimeAction): void {
  const all = readAll();
  if (all.some((existing) => existing.id === action.id)) return;
  writeAll([...all, action]);
}

export function removePendingAction(id: string): void {
  writeAll(readAll().filter((action) => action.id !== id));
}

export function subscribePendingActions(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A stable snapshot string for useSyncExternalStore. */
export function readPendingSnapshot(): string {
  return localStorage.getItem(STORAGE_KEY) ?? '[]';
}
