import { randomBytes } from 'node:crypto';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from './db/client.ts';
import { countUsers } from './features/users/repository.ts';
import { createUser } from './features/users/service.ts';
import { SYSTEM_META } from './platform/request-meta.ts';

const DEMO_PEOPLE: ReadonlyArray<{ name: string; email: string; role: Role }> = [
  { name: 'Avery Admin', email: 'admin@demo.punchclock.test', role: 'admin' },
  { name: 'Taylor Lead', email: 'lead@demo.punchclock.test', role: 'team_lead' },
  { name: 'Sam Expert', email: 'sme@demo.punchclock.test', role: 'sme' },
  { name: 'Eli Employee', email: 'eli@demo.punchclock.test', role: 'employee' },
  { name: 'Maya Chen', email: 'maya@demo.punchclock.test', role: 'employee' },
  { name: 'Noah Tremblay', email: 'noah@demo.punchclock.test', role: 'employee' },
  { name: 'Priya Singh', email: 'priya@demo.punchclock.test', role: 'employee' },
];

/** Random, and always within the product's password rules (uppercase, digit, length). */
function generateDemoPassword(): string {
  return `Demo-${randomBytes(6).toString('base64url')}-7Q`;
}

/** Fills an empty database with a demo organisation; leaves a database with users untouched. */
export async function seedDemoOrganisation(db: Db, log: (line: string) => void): Promise<void> {
  if ((await countUsers(db)) > 0) {
    log('Demo: the database already has users, so no demo data was added.');
    return;
  }
  log('Demo organisation created. Sign in with any of these:');
  for (const person of DEMO_PEOPLE) {
    const password = generateDemoPassword();
    await createUser(db, { ...person, password }, { actorId: null, meta: SYSTEM_META });
    log(`  ${person.role.padEnd(9)} ${person.email.padEnd(30)} ${password}`);
  }
}
