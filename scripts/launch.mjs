// @ts-check
/**
 * `npm start`, `npm run demo` and `npm run user`: build what changed (scripts/build.mjs), then
 * run the compiled entry point in this same process — plain `node`, no TypeScript runner.
 *
 *   node scripts/launch.mjs server [--demo]
 *   node scripts/launch.mjs cli <command> [options]
 *   node scripts/launch.mjs restore <backup-file> [--data-dir <dir>]
 *
 * This file runs before the Node version is known to be supported, so it keeps to syntax an old
 * Node parses (no top-level await, optional chaining or `??`) and loads everything else only
 * after the check (a static import would be parsed, and could fail, first).
 */
import { nodeVersionProblem } from './node-version.mjs';

const ENTRIES = {
  server: 'apps/server/dist/server.js',
  cli: 'apps/server/dist/cli.js',
  restore: 'apps/server/dist/restore.js',
};

const versionProblem = nodeVersionProblem(process.versions.node);
if (versionProblem) {
  console.error(versionProblem);
  process.exit(1);
}

const entryName = process.argv[2];
if (!entryName || !Object.prototype.hasOwnProperty.call(ENTRIES, entryName)) {
  console.error(`usage: node scripts/launch.mjs ${Object.keys(ENTRIES).join('|')} [arguments]`);
  process.exit(2);
}

async function launch() {
  const [{ default: path }, { pathToFileURL }, { ensureBuilt, repoRoot }] = await Promise.all([
    import('node:path'),
    import('node:url'),
    import('./build.mjs'),
  ]);
  try {
    // The operator tools need only the server; the web app is built when the server starts.
    await ensureBuilt({ only: entryName === 'server' ? undefined : ['server'] });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // The entry point reads its own arguments from process.argv.slice(2).
  process.argv.splice(2, 1);
  // No source maps by default: Node reads the whole map (4 MB) at load and holds ~25 MB for
  // it, for stack traces only. NODE_OPTIONS=--enable-source-maps turns them on (README).
  await import(
    pathToFileURL(path.join(repoRoot, ENTRIES[/** @type {keyof ENTRIES} */ (entryName)])).href
  );
}

launch().catch((error) => {
  // What an entry point throws while starting (the server logs its own failures first).
  console.error(error);
  process.exit(1);
});
