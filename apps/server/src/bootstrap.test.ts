import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { ensureFirstAdmin } from './bootstrap.ts';
import { auditLog } from './db/schema.ts';
import { findCredentialsByEmail, listUserSummaries } from './features/people/users-repository.ts';
import { verifyPassword } from './platform/passwords.ts';
import { describeEachDatabase } from './test/databases.ts';
import { uniqueEmail } from './test/factories.ts';

describeEachDatabase('ensureFirstAdmin', (getDatabase) => {
  it('creates the named admin once; a second call changes nothing', async () => {
    const email = uniqueEmail('first-admin');
    const env = {
      ADMIN_EMAIL: ` ${email} `,
      ADMIN_PASSWORD: 'First-admin-1',
      ADMIN_NAME: 'Ada Admin',
    };
    const log = vi.fn();

    await ensureFirstAdmin(getDatabase().db, env, log);
    expect(log).toHaveBeenCalledWith(`Created admin ${email}`);
    const admin = await findCredentialsByEmail(getDatabase().db, email);
    expect(admin).toMatchObject({ email, name: 'Ada Admin', role: 'admin', isSuspended: false });
    expect(await verifyPassword(admin?.passwordHash ?? null, 'First-admin-1')).toBe(true);

    const usersBefore = await listUserSummaries(getDatabase().db);
    log.mockClear();
    // A restart with the same (or a changed) password must not touch the existing admin.
    await ensureFirstAdmin(getDatabase().db, { ...env, ADMIN_PASSWORD: 'Changed-pass-2' }, log);
    expect(log).not.toHaveBeenCalled();
    expect(await listUserSummaries(getDatabase().db)).toEqual(usersBefore);
    const again = await findCredentialsByEmail(getDatabase().db, email);
    expect(again?.passwordHash).toBe(admin?.passwordHash);
    const creations = await getDatabase()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, admin?.id ?? ''));
    expect(creations.map((row) => row.action)).toEqual(['user.create']);
  });

  it('does nothing when neither variable is set', async () => {
    const before = await listUserSummaries(getDatabase().db);
    const log = vi.fn();
    await ensureFirstAdmin(getDatabase().db, {}, log);
    expect(log).not.toHaveBeenCalled();
    expect(await listUserSummaries(getDatabase().db)).toEqual(before);
  });

  it.each([
    ['the password is missing', { ADMIN_EMAIL: 'boss@example.com' }],
    ['the email is missing', { ADMIN_PASSWORD: 'First-admin-1' }],
    ['the email is blank', { ADMIN_EMAIL: '  ', ADMIN_PASSWORD: 'First-admin-1' }],
  ])('throws when %s', async (_case, env) => {
    await expect(ensureFirstAdmin(getDatabase().db, env, () => {})).rejects.toThrow(
      'Set both ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin',
    );
    expect(await findCredentialsByEmail(getDatabase().db, 'boss@example.com')).toBeNull();
  });

  it('refuses a weak password with the validation message', async () => {
    const email = uniqueEmail('weak-admin');
    await expect(
      ensureFirstAdmin(
        getDatabase().db,
        { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'password' },
        () => {},
      ),
    ).rejects.toThrow('Password must contain an uppercase letter');
    expect(await findCredentialsByEmail(getDatabase().db, email)).toBeNull();
  });
});
