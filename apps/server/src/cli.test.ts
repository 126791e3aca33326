import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordMessage } from '@punchclock/shared/contracts/auth';
import { openDatabase } from './db/client.ts';
import { addUser, createUser } from './features/users/accounts.ts';
import { SYSTEM_META } from './platform/request-meta.ts';
import { spawnLockHolder } from './test/lock-holder.ts';
import { runOperatorCommand, type CommandResult } from './test/operator-command.ts';

const LAST_ADMIN_MESSAGE =
  'There must always be at least one active admin. Make someone else an admin first.';

/** Runs the operator CLI the way `npm run user --` does, against the embedded database in dataDir. */
function runCli(dataDir: string, args: string[]): Promise<CommandResult> {
  return runOperatorCommand('cli', args, { DATA_DIR: dataDir });
}

// Each test starts the CLI several times, and each start boots the embedded database (PGlite's
// WASM and every migration): 5–19 s on an idle 2-core machine, past 30 s when CI is busy.
describe('operator CLI', { timeout: 120_000 }, () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-cli-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a user that list then shows', async () => {
    const added = await runCli(dataDir, [
      'add',
      '--email',
      'lee@example.com',
      '--password',
      'Lee-password-1',
      '--role',
      'team_lead',
      '--name',
      'Lee Lead',
    ]);
    expect(added.stderr).toBe('');
    expect(added.stdout.trim()).toBe('Added lee@example.com as team_lead');
    expect(added.code).toBe(0);

    const listed = await runCli(dataDir, ['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual([
      'lee@example.com\tteam_lead\tactive\tLee Lead',
    ]);
  });

  it('explains bad arguments and exits 1 without touching the database', async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'punchclock-cli-bad-'));
    try {
      // These fail before the database opens, so they can run side by side.
      const [missingEmail, unknownRole, unknownCommand] = await Promise.all([
        runCli(emptyDir, ['add', '--password', 'Lee-password-1', '--role', 'employee']),
        runCli(emptyDir, [
          'add',
          '--email',
          'x@example.com',
          '--password',
          'Pw-123456',
          '--role',
          'boss',
        ]),
        runCli(emptyDir, ['promote', '--email', 'x@example.com']),
      ]);

      expect(missingEmail.code).toBe(1);
      expect(missingEmail.stderr).toContain('Missing --email');
      expect(missingEmail.stderr).toContain('Usage: npm run user -- <command> [options]');

      expect(unknownRole.code).toBe(1);
      expect(unknownRole.stderr).toContain(
        'Unknown role "boss". Use one of: admin, team_lead, employee, sme',
      );

      expect(unknownCommand.code).toBe(1);
      expect(unknownCommand.stderr).toContain('Unknown command "promote"');
      expect(unknownCommand.stderr).toContain('Usage:');

      for (const result of [missingEmail, unknownRole, unknownCommand]) {
        expect(result.stdout).toBe('');
      }
      // Arguments are checked before the database opens: nothing was created or locked.
      expect(readdirSync(emptyDir)).toEqual([]);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('refuses a weak password with the product rule', async () => {
    const weak = await runCli(dataDir, [
      'add',
      '--email',
      'weak@example.com',
      '--password',
      'Weakpassword',
      '--role',
      'employee',
    ]);
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe('Error: Password must contain a number');
    expect(weak.stdout).toBe('');
  });

  it('refuses to suspend or demote the only admin who can sign in, not counting an invited one', async () => {
    const adminDir = mkdtempSync(path.join(tmpdir(), 'punchclock-cli-admins-'));
    try {
      // The working admin has a password; the invited one only a one-time link so far.
      const database = await openDatabase({ kind: 'pglite', dataDir: adminDir });
      try {
        const actor = { actorId: null, meta: SYSTEM_META };
        await createUser(
          database.db,
          { email: 'boss@example.com', password: 'Boss-password-1', role: 'admin' },
          actor,
        );
        const invited = await addUser(
          database.db,
          { name: 'Invited Admin', email: 'new-admin@example.com', role: 'admin' },
          actor,
        );
        expect(invited.setPasswordLink).not.toBeNull();
      } finally {
        await database.close();
      }

      const suspend = await runCli(adminDir, ['suspend', '--email', 'boss@example.com']);
      expect(suspend.code).toBe(1);
      expect(suspend.stderr.trim()).toBe(`Error: ${LAST_ADMIN_MESSAGE}`);
      const demote = await runCli(adminDir, [
        'set-role',
        '--email',
        'boss@example.com',
        '--role',
        'employee',
      ]);
      expect(demote.code).toBe(1);
      expect(demote.stderr.trim()).toBe(`Error: ${LAST_ADMIN_MESSAGE}`);

      const listed = await runCli(adminDir, ['list']);
      expect(listed.stdout).toContain('boss@example.com\tadmin\tactive');
    } finally {
      rmSync(adminDir, { recursive: true, force: true });
    }
  });

  it('refuses a common password with its own message', async () => {
    const common = await runCli(dataDir, [
      'add',
      '--email',
      'common@example.com',
      '--password',
      'Password1',
      '--role',
      'employee',
    ]);
    expect(common.code).toBe(1);
    expect(common.stderr.trim()).toBe(`Error: ${commonPasswordMessage()}`);
    expect(common.stdout).toBe('');
  });

  describe('with the data folder in use by another process', () => {
    let holder: ChildProcess;

    let lockedDir: string;

    beforeAll(async () => {
      lockedDir = mkdtempSync(path.join(tmpdir(), 'punchclock-cli-locked-'));
      holder = await spawnLockHolder(lockedDir);
    });
    afterAll(() => {
      holder.kill();
    });

    it('says which process holds it and exits 1', async () => {
      try {
        const result = await runCli(lockedDir, ['list']);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`is in use by process ${holder.pid}`);
        expect(result.stdout).toBe('');
      } finally {
        rmSync(lockedDir, { recursive: true, force: true });
      }
    });
  });
});
