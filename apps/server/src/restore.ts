// npm run restore -- <backup-file> [--data-dir <dir>]: put a snapshot back (features/backups).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { restoreBackup } from './features/backups/index.ts';

const USAGE = `Usage: npm run restore -- <backup-file> [--data-dir <dir>]

Restores a snapshot (punchclock-….tar.gz from the Backups screen or BACKUP_DIR) into the
embedded database folder (default DATA_DIR, else ./data). Stop the server first. The database
that was there is moved aside, not deleted. On PostgreSQL use pg_restore / psql instead.`;

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [file, ...extra] = positionals;
  if (!file) throw new UsageError('Missing the backup file');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  if (process.env.DATABASE_URL && !values['data-dir']) {
    throw new UsageError(
      'DATABASE_URL is set: this server uses PostgreSQL, which is restored with pg_restore or psql (see the README). Pass --data-dir to restore an embedded database anyway.',
    );
  }
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed it.
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, values['data-dir'] ?? process.env.DATA_DIR ?? 'data');
  const result = await restoreBackup(path.resolve(base, file), dataDir);
  const people = `${result.userCount} ${result.userCount === 1 ? 'person' : 'people'}`;
  console.log(`Restored ${path.basename(file)} into ${result.pgdata} (${people}).`);
  console.log(
    result.previous
      ? `The database that was there is kept in ${result.previous}; delete it once you are sure.`
      : 'There was no database there before.',
  );
}

class UsageError extends Error {}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
  } else if (error instanceof DataDirInUseError) {
    console.error(`Error: ${error.message}. Stop the server first, then run the restore again.`);
  } else {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
