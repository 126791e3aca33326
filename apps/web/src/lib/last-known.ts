import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { ApiError } from './api-client';

/*
 * The last answer of a few reads (the session, today's punches), kept in IndexedDB so the app
 * can open with no network (#17, decision 0025): the read goes to the server first, always;
 * only when the server cannot be reached is the last answer used instead. The server still
 * decides every punch — this only lets the screen show what was known and queue new punches.
 * Forgotten at sign-in, sign-out and when the server says the session has ended.
 */

let store: UseStore | null = null;
function lastKnownStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('punchclock-last-known', 'answers');
  return store;
}

/** `read()`, remembered under `key`; its last remembered answer when the server is unreachable. */
export async function readWithLastKnown<T>(key: string, read: () => Promise<T>): Promise<T> {
  const answers = lastKnownStore();
  try {
    const answer = await read();
    if (answers) await set(key, answer, answers).catch(() => undefined);
    return answer;
  } catch (error) {
    if (!answers || !(error instanceof ApiError && error.status === 0)) throw error;
    const remembered = await get<T>(key, answers).catch(() => undefined);
    if (remembered === undefined) throw error;
    return remembered;
  }
}

/** Remember `answer` under `key` as if a read had just returned it. */
export async function rememberLastKnown<T>(key: string, answer: T): Promise<void> {
  const answers = lastKnownStore();
  if (answers) await set(key, answer, answers).catch(() => undefined);
}

/** Forget every remembered answer (someone else may be next at this device). */
export async function forgetLastKnown(): Promise<void> {
  const answers = lastKnownStore();
  if (answers) await clear(answers).catch(() => undefined);
}
