import { randomBytes } from 'node:crypto';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../db/client.ts';
import { createUser } from '../features/users/accounts.ts';
import { setUserSuspended } from '../features/users/suspension.ts';
import { SYSTEM_META } from '../platform/request-meta.ts';

export const TEST_PASSWORD = 'Correct-horse-7';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string | null;
  role: Role;
}

let emailCounter = 0;

/** An address no other test has used, so tests can share one database. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${randomBytes(4).toString('hex')}@test.punchclock.example`;
}

export interface CreateTestUserOptions {
  role?: Role;
  password?: string;
  email?: string;
  /** null for a user without a name; a generated name when left out. */
  name?: string | null;
  suspended?: boolean;
}

/** A user made the way the operator makes one: through the users service. */
export async function createTestUser(
  db: Db,
  options: CreateTestUserOptions = {},
): Promise<TestUser> {
  const role = options.role ?? 'employee';
  const email = options.email ?? uniqueEmail(role.replace('_', '-'));
  const password = options.password ?? TEST_PASSWORD;
  const name = options.name === undefined ? `Test ${role}` : options.name;
  const actor = { actorId: null, meta: SYSTEM_META };
  const user = await createUser(db, { email, password, role, name: name ?? undefined }, actor);
  if (options.suspended) await setUserSuspended(db, email, true, actor);
  return { id: user.id, email: user.email, password, name: user.name, role };
}
