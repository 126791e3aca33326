import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';

describe('data directory lock', () => {
  let dataDir: string;
  let lockPath: string;
  let holder: ChildProcess | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-lock-'));
    lockPath = path.join(dataDir, 'punchclock.lock');
  });
  afterEach(() => {
    holder?.kill();
    holder = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes our PID into the lock file and removes it on release', () => {
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('creates the folder when it does not exist yet', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const release = acquireDataDirLock(nested);
    expect(existsSync(path.join(nested, 'punchclock.lock'))).toBe(true);
    release();
  });

  it('refuses a folder locked by another live process', () => {
    holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = holder.pid ?? 0;
    writeFileSync(lockPath, String(pid));

    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `the database in ${dataDir} is in use by process ${pid}`,
    );
    // The other process's lock is left alone.
    expect(readFileSync(lockPath, 'utf8')).toBe(String(pid));
  });

  it('takes over a lock left by a process that has exited', () => {
    const dead = spawnSync('true');
    writeFileSync(lockPath, String(dead.pid));
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockPath, 'garbage');
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });
});
