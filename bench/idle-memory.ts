/**
 * The server's memory when idle (issue #32 item 6): its resident set (VmRSS) once started and
 * left alone, on PGlite (first start on a new folder, then a restart on the same folder) and on
 * PostgreSQL, against baselines measured in the same run:
 *
 * - bare Node: a process that does nothing (what any Node program costs);
 * - bare PGlite: Node with PGlite opened on the same data folder with the app's settings and one
 *   `select 1` (what the embedded database costs by itself);
 * - bare pg: Node with node-postgres connected to the same database and one `select 1`.
 *
 * Each figure is a child process: the app as `npm start` runs it (bench/common.ts startServer),
 * the baselines as `node --input-type=module -e`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freshPostgresDatabase,
  median,
  postgresBaseUrl,
  processMemory,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const IDLE_SECONDS = readPositiveInt('BENCH_IDLE_SECONDS', 10);
/** The app's default (db/client.ts DEFAULT_PGLITE_SHARED_BUFFERS), unless the run sets one. */
const SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS || '32MB';

const log = (line: string) => console.log(line);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figure {
  rss: number;
  peak: number;
}

/** Wait for the process to settle, then the median of ten samples a fifth of a second apart. */
async function idleMemory(pid: number): Promise<Figure> {
  await sleep(IDLE_SECONDS * 1000);
  const samples: number[] = [];
  for (let index = 0; index < 10; index++) {
    samples.push(processMemory(pid).rss);
    await sleep(200);
  }
  return { rss: median(samples), peak: processMemory(pid).peak };
}

/** A Node child running `code` (an ES module) that prints "ready" once set up, then waits. */
async function startBaseline(code: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (status) => reject(new Error(`baseline exited with ${status}`)));
  });
  return child;
}

async function measureBaseline(code: string): Promise<Figure> {
  const child = await startBaseline(code);
  try {
    return await idleMemory(child.pid!);
  } finally {
    child.kill();
  }
}

async function measureApp(env: Record<string, string>): Promise<Figure> {
  const { child } = await startServer(env);
  try {
    return await idleMemory(child.pid!);
  } finally {
    await stopServer(child);
  }
}

const bareNode = `setInterval(() => {}, 1 << 30); console.log('ready');`;

function barePglite(dataDir: string): string {
  const url = import.meta.resolve('@electric-sql/pglite');
  return `
    const { PGlite } = await import(${JSON.stringify(url)});
    const db = new PGlite(${JSON.stringify(path.join(dataDir, 'pgdata'))}, {
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${SHARED_BUFFERS}'],
    });
    await db.query('select 1');
    setInterval(() => {}, 1 << 30);
    console.log('ready');`;
}

function barePg(databaseUrl: string): string {
  const url = import.meta.resolve('pg');
  return `
    const { default: pg } = await import(${JSON.stringify(url)});
    const client = new pg.Client({ connectionString: ${JSON.stringify(databaseUrl)} });
    await client.connect();
    await client.query('select 1');
    setInterval(() => {}, 1 << 30);
    console.log('ready');`;
}

interface Row {
  name: string;
  app: Figure;
  baselineName: string;
  baseline: Figure;
}

function printRows(rows: readonly Row[]): void {
  log('');
  log(
    '| server | idle RSS MB | peak RSS MB | baseline | baseline RSS MB | app − baseline MB | app ÷ baseline |',
  );
  log('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const { name, app, baselineName, baseline } of rows) {
    log(
      `| ${name} | ${megabytes(app.rss)} | ${megabytes(app.peak)} | ${baselineName} | ${megabytes(baseline.rss)} | ${megabytes(app.rss - baseline.rss)} | ${(app.rss / baseline.rss).toFixed(2)}× |`,
    );
  }
}

export async function runIdleMemoryBench(): Promise<void> {
  log(
    `\nIdle memory: each process left alone ${IDLE_SECONDS} s, then VmRSS sampled (median of 10)`,
  );
  const node = await measureBaseline(bareNode);
  log(`bare Node: ${megabytes(node.rss)} MB`);
  const rows: Row[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-idle-'));
  const copyDir = `${dataDir}-copy`;
  try {
    const pgliteEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const firstStart = await measureApp(pgliteEnv);
    const restart = await measureApp(pgliteEnv);
    // The baseline opens a copy: the app's data folder lock is released, but a copy keeps the
    // measured folder exactly as the app left it.
    cpSync(dataDir, copyDir, { recursive: true });
    const pglite = await measureBaseline(barePglite(copyDir));
    rows.push(
      {
        name: 'PGlite, first start',
        app: firstStart,
        baselineName: 'bare PGlite',
        baseline: pglite,
      },
      { name: 'PGlite, restart', app: restart, baselineName: 'bare PGlite', baseline: pglite },
      { name: 'PGlite, restart', app: restart, baselineName: 'bare Node', baseline: node },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  }

  const baseUrl = postgresBaseUrl();
  if (baseUrl) {
    const database = await freshPostgresDatabase(baseUrl, 'punchclock_idle');
    try {
      const app = await measureApp({ DATABASE_URL: database.url });
      const pg = await measureBaseline(barePg(database.url));
      rows.push(
        { name: 'PostgreSQL', app, baselineName: 'bare pg client', baseline: pg },
        { name: 'PostgreSQL', app, baselineName: 'bare Node', baseline: node },
      );
    } finally {
      await database.drop();
    }
  } else {
    log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  printRows(rows);
}
