import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { databaseOptionsFromEnv, openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { seedDemoOrganisation } from './demo.ts';
import { ensureSetupLink } from './features/setup/index.ts';
import { createLogOutput } from './platform/log-output.ts';
import { createShutdown } from './platform/shutdown.ts';

const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

// How long the exit waits for log lines still on their way out (decision 0040).
const LOG_FLUSH_TIMEOUT_MS = 1_000;

async function main(): Promise<void> {
  const config = { ...loadConfig(), webDistDir };
  // stdout, written without ever blocking (a reader that stops or leaves cannot hold us up).
  const logOutput = createLogOutput();
  const say = (line: string) => logOutput.write(`${line}\n`);
  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    // Demo first: it only fills an empty database, and the operator's admin must not count.
    if (process.argv.includes('--demo')) {
      await seedDemoOrganisation(database.db, say, config.timeZone);
    }
    await ensureFirstAdmin(database.db, process.env, say);
    const app = await buildApp({ database, config, logStream: logOutput });

    const shutdown = createShutdown(
      { app, database },
      {
        timeoutMs: config.shutdownTimeoutSeconds * 1000,
        exit: (code) =>
          void logOutput.flush(LOG_FLUSH_TIMEOUT_MS).finally(() => process.exit(code)),
      },
    );
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });
    say(`Punchclock is running at http://localhost:${config.port} (database: ${database.kind})`);
    // No users yet (no ADMIN_EMAIL, no demo, no CLI): the one-time setup link, on this console only.
    await ensureSetupLink(database.db, config.email.publicUrl, say);
  } catch (error) {
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(`Cannot start: ${error.message}. Stop that process first.`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
