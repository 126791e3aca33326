import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { createSession } from '../../platform/sessions.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories.ts';
import { findCredentialsByEmail } from '../people/users-repository.ts';
import { createUser, setUserRole } from './accounts.ts';
import { setUserSuspended } from './suspension.ts';

const ACTOR = { actorId: null, meta: SYSTEM_META };
const POLICY = { idleMinutes: 60, absoluteHours: 12 };

describeEachDatabase('users service', (getDatabase) => {
  describe('createUser', () => {
    it('stores an argon2id hash, never the password, with profile and role', async () => {
      const email = uniqueEmail('new');
      const created = await createUser(
        getDatabase().db,
        { email: `  ${email} `, password: TEST_PASSWORD, role: 'team_lead', name: ' Kim Lead ' },
        ACTOR,
      );
      expect(created).toMatchObject({
        email,
        name: 'Kim Lead',
        role: 'team_lead',
        isSuspended: false,
        lastSignInAt: null,
      });

      const [row] = await getDatabase().db.select().from(users).where(eq(users.id, created.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain(TEST_PASSWORD);
      expect(await verifyPassword(row?.passwordHash ?? null, TEST_PASSWORD)).toBe(true);
      expect(await verifyPassword(row?.passwordHash ?? null, 'Other-password-1')).toBe(false);
    });

    it('refuses an email that exists already, whatever its case', async () => {
      const existing = await createTestUser(getDatabase().db);
      const attempt = createUser(
        getDatabase().db,
        { email: existing.email.toUpperCase(), password: TEST_PASSWORD, role: 'employee' },
        ACTOR,
      );
      await expect(attempt).rejects.toBeInstanceOf(Conflict);
      await expect(attempt).rejects.toThrow(
        `A user with the email ${existing.email.toUpperCase()} already exists`,
      );
    });

    it.each([
      [{ email: 'nope', password: TEST_PASSWORD, role: 'employee' }, 'Invalid email address'],
      [
        { email: 'a@b.co', password: 'weakpass', role: 'employee' },
        'Password must contain an uppercase letter',
      ],
      [{ email: 'a@b.co', password: TEST_PASSWORD, role: 'boss' }, undefined],
      [
        { email: 'a@b.co', password: TEST_PASSWORD, role: 'employee', name: 'X' },
        'Name must be at least 2 characters',
      ],
    ])('refuses invalid input %j', async (input, message) => {
      const attempt = createUser(getDatabase().db, input as never, ACTOR);
      await expect(attempt).rejects.toBeInstanceOf(Invalid);
      if (message) await expect(attempt).rejects.toThrow(message);
      expect(await findCredentialsByEmail(getDatabase().db, 'a@b.co')).toBeNull();
    });
  });

  describe('setUserSuspended', () => {
    it('suspends, revokes every live session, and reinstates', async () => {
      const user = await createTestUser(getDatabase().db);
      await createSession(getDatabase().db, user.id, POLICY, SYSTEM_META);
      await createSession(getDatabase().db, user.id, POLICY, SYSTEM_META);

      const suspended = await setUserSuspended(getDatabase().db, ` ${user.email} `, true, ACTOR);
      expect(suspended.isSuspended).toBe(true);
      const rows = await getDatabase()
        .db.select()
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.revokedAt).toBeInstanceOf(Date);
      expect((await findCredentialsByEmail(getDatabase().db, user.email))?.isSuspended).toBe(true);

      const reinstated = await setUserSuspended(getDatabase().db, user.email, false, ACTOR);
      expect(reinstated.isSuspended).toBe(false);
      expect((await findCredentialsByEmail(getDatabase().db, user.email))?.isSuspended).toBe(false);
    });

    it('reports an unknown email as not found', async () => {
      const attempt = setUserSuspended(getDatabase().db, 'nobody@example.com', true, ACTOR);
      await expect(attempt).rejects.toBeInstanceOf(NotFound);
      await expect(attempt).rejects.toThrow('No user with the email nobody@example.com');
    });
  });

  describe('setUserRole', () => {
    it('changes the role and audits the change', async () => {
      const user = await createTestUser(getDatabase().db, { role: 'employee' });
      const updated = await setUserRole(getDatabase().db, user.email, 'sme', ACTOR);
      expect(updated.role).toBe('sme');
      expect((await findCredentialsByEmail(getDatabase().db, user.email))?.role).toBe('sme');

      const [row] = await getDatabase()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.set_role'));
      expect(row).toMatchObject({
        entityId: user.id,
        before: { role: 'employee' },
        after: { role: 'sme' },
      });
    });

    it('refuses an unknown role', async () => {
      const user = await createTestUser(getDatabase().db);
      await expect(
        setUserRole(getDatabase().db, user.email, 'boss' as never, ACTOR),
      ).rejects.toBeInstanceOf(Invalid);
      expect((await findCredentialsByEmail(getDatabase().db, user.email))?.role).toBe('employee');
    });
  });
});
