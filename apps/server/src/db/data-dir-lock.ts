import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';

/** The two calls used from fs-native-extensions, which ships no type declarations. */
interface NativeFileLocks {
  /** Exclusive lock on the whole file; false when another open file holds it. */
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
}
const { tryLock, unlock } = createRequire(import.meta.url)(
  'fs-native-extensions',
) as NativeFileLocks;

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number | null) {
    super(
      `the database in ${dataDir} is in use by ${pid === null ? 'another process' : `process ${pid}`}`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLockOptions {
  /** How long to wait for a holder that is going away (a process killed under load exits slowly). */
  waitMs?: number;
}

const DEFAULT_WAIT_MS = 3_000;
const RETRY_EVERY_MS = 100;

function readHolderPid(lockPath: string): number | null {
  const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it. An OS file lock
 * (an open-file-description lock on Linux, via fs-native-extensions) is held for as long as this
 * process keeps the file open, and the kernel drops it when the process dies however it dies, so
 * a crashed or killed server never leaves a lock behind, and a PID number reused by an unrelated
 * process does not matter: the PID written in the file is only there for the error message.
 *
 * The file itself is never deleted: unlinking it while a second process waits on the old inode
 * would let a third process lock a new file beside it.
 */
export async function acquireDataDirLock(
  dataDir: string,
  { waitMs = DEFAULT_WAIT_MS }: DataDirLockOptions = {},
): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'punchclock.lock');
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
  try {
    const giveUpAt = Date.now() + waitMs;
    while (!tryLock(fd)) {
      if (Date.now() >= giveUpAt) throw new DataDirInUseError(dataDir, readHolderPid(lockPath));
      await sleep(RETRY_EVERY_MS);
    }
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid), 0);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    ftruncateSync(fd, 0);
    unlock(fd);
    closeSync(fd);
  };
}
