import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { createTestUser } from './test/factories.ts';
import { exited, spawnLockHolder } from './test/lock-holder.ts';
import { runOperatorCommand } from './test/operator-command.ts';

/** Runs the restore command the way `npm run restore --` does. */
function runRestore(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runOperatorCommand('restore', args, env);
}

describe('npm run restore', () => {
  let work: string;
  let backupFile: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'punchclock-restore-cli-'));
    const source = await openDatabase({ kind: 'pglite-memory' });
    await createTestUser(source.db, { email: 'kept@restore.example' });
    const blob = await source.snapshot!();
    await source.close();
    backupFile = path.join(work, 'punchclock-2026-11-23T030000.000Z.tar.gz');
    writeFileSync(backupFile, new Uint8Array(await blob.arrayBuffer()));
  }, 60_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('restores into the data folder, keeping the database that was there', async () => {
    const dataDir = path.join(work, 'data');
    const first = await runRestore([backupFile, '--data-dir', dataDir]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`into ${path.join(dataDir, 'pgdata')} (1 person)`);
    expect(first.stdout).toContain('There was no database there before.');

    // Again, with DATA_DIR: the first restore's database is moved aside and named.
    const second = await runRestore([backupFile], { DATA_DIR: dataDir });
    expect(second.code).toBe(0);
    const kept = /kept in (\S+);/.exec(second.stdout)?.[1];
    expect(kept).toMatch(/pgdata\.before-restore-/);
    expect(readdirSync(dataDir)).toContain(path.basename(kept!));
  }, 60_000);

  it('refuses while a server holds the data folder', async () => {
    const dataDir = path.join(work, 'busy');
    const holder = await spawnLockHolder(dataDir);
    try {
      const result = await runRestore([backupFile, '--data-dir', dataDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by process ${holder.pid}`);
      expect(result.stderr).toContain('Stop the server first');
      expect(readdirSync(dataDir)).not.toContain('pgdata');
    } finally {
      holder.kill('SIGKILL');
      await exited(holder);
    }
  }, 60_000);

  it('explains what it needs', async () => {
    const missing = await runRestore([]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing the backup file');
    expect(missing.stderr).toContain('Usage: npm run restore');

    const bogus = path.join(work, 'notes.txt');
    writeFileSync(bogus, 'not a backup');
    const notBackup = await runRestore([bogus, '--data-dir', path.join(work, 'x')]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a Punchclock backup');

    const postgres = await runRestore([backupFile], { DATABASE_URL: 'postgres://nowhere/db' });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('pg_restore');
  }, 60_000);
});
