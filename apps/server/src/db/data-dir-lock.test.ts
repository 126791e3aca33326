import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exited, spawnLockHolder } from '../test/lock-holder.ts';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';

describe('data directory lock', () => {
  let dataDir: string;
  let lockPath: string;
  let other: ChildProcess | undefined;

  // Promise.resolve().then(...) so a refusal is a rejection whether it is thrown or returned.
  const acquire = (dir: string, waitMs = 200) =>
    Promise.resolve().then(() => acquireDataDirLock(dir, { waitMs }));

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-lock-'));
    lockPath = path.join(dataDir, 'punchclock.lock');
  });
  afterEach(() => {
    other?.kill('SIGKILL');
    other = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes our PID into the lock file while held', async () => {
    const release = await acquire(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates the folder when it does not exist yet', async () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const release = await acquire(nested);
    expect(existsSync(path.join(nested, 'punchclock.lock'))).toBe(true);
    release();
  });

  it('can be taken again after release', async () => {
    const release = await acquire(dataDir);
    release();
    const again = await acquire(dataDir);
    again();
  });

  it('refuses a folder locked by another live process, naming it', async () => {
    other = await spawnLockHolder(dataDir);
    const refusal = acquire(dataDir);
    await expect(refusal).rejects.toThrow(DataDirInUseError);
    await expect(refusal).rejects.toThrow(
      `the database in ${dataDir} is in use by process ${other.pid}`,
    );
    // The other process's lock is left alone.
    expect(readFileSync(lockPath, 'utf8')).toBe(String(other.pid));
  });

  it('takes over at once a lock left by a process killed with SIGKILL', async () => {
    other = await spawnLockHolder(dataDir);
    other.kill('SIGKILL');
    await exited(other);
    const startedAt = Date.now();
    const release = await acquire(dataDir, 5_000);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('waits for a holder that is going away', async () => {
    other = await spawnLockHolder(dataDir);
    const waiting = acquire(dataDir, 5_000);
    // The scenario itself, not a wait: the holder goes away a while after someone started
    // waiting (several of acquire's retries fail first), and the waiter then gets the lock.
    setTimeout(() => other?.kill('SIGKILL'), 300);
    const release = await waiting;
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('is not blocked by a lock file naming a live process that does not hold the lock', async () => {
    // The PID of a killed server reused by an unrelated process.
    other = spawn('sleep', ['30'], { stdio: 'ignore' });
    writeFileSync(lockPath, String(other.pid));
    const release = await acquire(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('is not blocked by a lock file naming this very process', async () => {
    writeFileSync(lockPath, String(process.pid));
    const release = await acquire(dataDir);
    release();
  });

  it('takes over an unreadable lock file', async () => {
    writeFileSync(lockPath, 'garbage');
    const release = await acquire(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });
});
