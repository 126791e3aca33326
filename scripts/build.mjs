// @ts-check
/**
 * Build once, start fast (decision 0021). Each output folder carries a content stamp: a hash of
 * the sources it was built from. A build step runs only when its stamp no longer matches, so a
 * second `npm start` with nothing changed goes straight to plain `node` on compiled JavaScript.
 *
 * Plain JavaScript on purpose: `npm start` must run on a production install (no dev
 * dependencies, so no TypeScript runner) and on Node 20, which cannot strip types itself.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_FILE = '.build-stamp';

/** @typedef {{ key: 'web' | 'server', name: string, outDir: string, inputs: string[], build: () => Promise<void> }} Target */

/** @type {Target[]} */
export const targets = [
  {
    key: 'web',
    name: 'web app',
    outDir: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      'scripts/lingui-macros.mjs',
      'lingui.config.js',
      'packages/shared/src',
      'package-lock.json',
    ],
    build: async () => {
      // Vite is a dev dependency; run it the way its own workspace script does.
      const result = spawnSync('npm', ['run', 'build', '-w', '@punchclock/web', '--silent'], {
        cwd: repoRoot,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('the web app did not build (see above)');
    },
  },
  {
    key: 'server',
    name: 'server',
    outDir: 'apps/server/dist',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/shared/src',
      'package-lock.json',
      'scripts/build.mjs',
      'scripts/lingui-macros.mjs',
      'lingui.config.js',
    ],
    build: buildServer,
  },
];

/**
 * Tests never reach the built output, so changing one does not cost a rebuild.
 * @param {string} relativePath
 */
function isBuildInput(relativePath) {
  return !/\.test\.tsx?$/.test(relativePath) && !relativePath.includes('/src/test/');
}

/**
 * Every build input file under the given inputs (files or folders), relative to the repo.
 * @param {string[]} inputs
 * @returns {string[]}
 */
function listInputFiles(inputs) {
  return inputs.flatMap((input) => {
    const absolute = path.join(repoRoot, input);
    if (!existsSync(absolute)) return [];
    if (!statSync(absolute).isDirectory()) return [input];
    return readdirSync(absolute, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
      .filter(isBuildInput);
  });
}

/**
 * The hash of every input file's path and content, in a stable order.
 * @param {Target} target
 */
export function contentStamp(target) {
  const hash = createHash('sha256');
  for (const file of listInputFiles(target.inputs).sort()) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(repoRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** @param {Target} target */
function stampPath(target) {
  return path.join(repoRoot, target.outDir, STAMP_FILE);
}

/**
 * @param {Target} target
 * @param {string} [stamp]
 */
export function isUpToDate(target, stamp = contentStamp(target)) {
  const file = stampPath(target);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === stamp;
}

/**
 * Builds whatever is stale (or everything with `force`); returns the names it built.
 * @param {{ force?: boolean, only?: Target['key'][] }} [options]
 */
export async function ensureBuilt({ force = false, only } = {}) {
  const built = [];
  for (const target of targets.filter((each) => !only || only.includes(each.key))) {
    const stamp = contentStamp(target);
    if (!force && isUpToDate(target, stamp)) continue;
    console.log(`Building the ${target.name}…`);
    await target.build();
    writeFileSync(stampPath(target), `${stamp}\n`);
    built.push(target.name);
  }
  return built;
}

/**
 * Bundled into the server rather than loaded from node_modules: our shared package (shipped as
 * TypeScript), and ES-module libraries whose index files pull in hundreds of modules at start
 * (date-fns alone took ~0.2 s) when the bundle needs a few functions of each.
 */
const BUNDLED_PACKAGES = ['@punchclock/shared', 'date-fns', '@date-fns/tz', 'zod'];

/**
 * One ES module per entry point with our own code (server and shared) bundled in and every
 * npm package left to node_modules, so a production install (`npm ci --omit=dev`) runs it.
 */
async function buildServer() {
  let esbuild;
  let linguiMacrosEsbuildPlugin;
  try {
    esbuild = await import('esbuild');
    ({ linguiMacrosEsbuildPlugin } = await import('./lingui-macros.mjs'));
  } catch {
    throw new Error(
      'The server sources changed since the last build, and building needs the dev dependencies: run `npm ci` (without --omit=dev), then start again.',
    );
  }
  const serverDir = path.join(repoRoot, 'apps/server');
  const outDir = path.join(serverDir, 'dist');
  /** @param {string} file */
  const manifest = (file) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
  const external = [
    ...Object.keys(manifest('apps/server/package.json').dependencies ?? {}),
    ...Object.keys(manifest('packages/shared/package.json').dependencies ?? {}),
  ].filter((name) => !BUNDLED_PACKAGES.includes(name));
  rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['server', 'cli', 'restore'].map((name) => path.join(serverDir, `src/${name}.ts`)),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [linguiMacrosEsbuildPlugin()],
  });
  // The auto-fill's HiGHS worker thread is started from beside the bundle (demand/solver).
  cpSync(
    path.join(serverDir, 'src/features/demand/solver/highs-worker.mjs'),
    path.join(outDir, 'highs-worker.mjs'),
  );
  // The migrations are read at run time from beside the bundle (db/client.ts).
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const force = process.argv.includes('--force');
  ensureBuilt({ force }).then(
    (built) => console.log(built.length ? `Built: ${built.join(', ')}` : 'Up to date.'),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
