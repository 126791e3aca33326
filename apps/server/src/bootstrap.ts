import type { Db } from './db/client.ts';
import { createUser } from './features/users/index.ts';
import { findUserSummaryByEmail } from './features/people/index.ts';
import { Invalid } from './platform/errors.ts';
import { SYSTEM_META } from './platform/request-meta.ts';

/**
 * There is no default admin: the operator names the first one with ADMIN_EMAIL and
 * ADMIN_PASSWORD; it is created once, when no user has that email yet.
 */
export async function ensureFirstAdmin(
  db: Db,
  env: NodeJS.ProcessEnv,
  log: (message: string) => void,
): Promise<void> {
  const email = env.ADMIN_EMAIL?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!email && !password) return;
  if (!email || !password) {
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin');
  }
  if (await findUserSummaryByEmail(db, email)) return;
  await createUser(
    db,
    { email, password, role: 'admin', name: env.ADMIN_NAME },
    { actorId: null, meta: SYSTEM_META },
  ).catch((error: unknown) => {
    // Printed at start-up on its own: say which setting the validation message is about.
    if (error instanceof Invalid) {
      throw new Error(`ADMIN_EMAIL / ADMIN_PASSWORD: ${error.message}`, { cause: error });
    }
    throw error;
  });
  log(`Created admin ${email}`);
}
