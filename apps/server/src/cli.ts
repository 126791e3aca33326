import { parseArgs } from 'node:util';
import { ROLES, isRole, type Role } from '@punchclock/shared/domain/roles';
import { databaseOptionsFromEnv, openDatabase } from './db/client.ts';
import { listUserSummaries } from './features/people/index.ts';
import { createUser, setUserRole, setUserSuspended } from './features/users/index.ts';
import { AppError } from './platform/errors.ts';
import { SYSTEM_META } from './platform/request-meta.ts';

const USAGE = `Usage: npm run user -- <command> [options]

Commands:
  add        --email E --password P --role ${ROLES.join('|')} [--name N]
  suspend    --email E          (also signs the user out everywhere)
  unsuspend  --email E
  set-role   --email E --role ${ROLES.join('|')}
  list

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).`;

class UsageError extends Error {}

function requireOption(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`Missing --${name}`);
  return value;
}

function requireRole(values: Record<string, string | undefined>): Role {
  const role = requireOption(values, 'role');
  if (!isRole(role))
    throw new UsageError(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}`);
  return role;
}

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [command, ...extra] = positionals;
  if (!command) throw new UsageError('Missing command');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  if (!['add', 'suspend', 'unsuspend', 'set-role', 'list'].includes(command)) {
    throw new UsageError(`Unknown command "${command}"`);
  }
  // Validate every argument before opening the database.
  const role = command === 'add' || command === 'set-role' ? requireRole(values) : undefined;
  const email = command === 'list' ? undefined : requireOption(values, 'email');
  const password = command === 'add' ? requireOption(values, 'password') : undefined;

  const database = await openDatabase(databaseOptionsFromEnv());
  const actor = { actorId: null, meta: { ...SYSTEM_META, userAgent: 'punchclock-cli' } };
  try {
    const { db } = database;
    if (command === 'list') {
      for (const user of await listUserSummaries(db)) {
        const status = user.isSuspended ? 'suspended' : 'active';
        console.log(`${user.email}\t${user.role ?? 'employee'}\t${status}\t${user.name ?? ''}`);
      }
      return;
    }
    if (!email) throw new UsageError('Missing --email');
    if (command === 'add' && role && password) {
      const user = await createUser(db, { email, password, role, name: values.name }, actor);
      console.log(`Added ${user.email} as ${role}`);
    } else if (command === 'suspend' || command === 'unsuspend') {
      const user = await setUserSuspended(db, email, command === 'suspend', actor);
      console.log(`${command === 'suspend' ? 'Suspended' : 'Unsuspended'} ${user.email}`);
    } else if (command === 'set-role' && role) {
      const user = await setUserRole(db, email, role, actor);
      console.log(`${user.email} is now ${role}`);
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const isParseError = String((error as { code?: unknown }).code ?? '').startsWith(
    'ERR_PARSE_ARGS',
  );
  if (error instanceof UsageError || isParseError) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
  } else if (error instanceof AppError || error instanceof Error) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
