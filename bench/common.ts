/** Helpers shared by the benchmarks: the server as a child process, fresh databases, medians. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** PostgreSQL is benchmarked when one of these names a server (any database on it). */
export function postgresBaseUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * Start the real server as `npm start` does (the launcher builds what changed, then runs the
 * compiled server) and wait until /api/health answers.
 */
export async function startServer(
  env: Record<string, string>,
  { startTimeoutMs = 180_000 }: { startTimeoutMs?: number } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const launcher = path.join(repoRoot, 'scripts/launch.mjs');
  const child = spawn(process.execPath, [...nodeArgs, launcher, 'server'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('server did not start');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A new, empty database on the server `baseUrl` points at, and a way to drop it. */
export async function freshPostgresDatabase(
  baseUrl: string,
  prefix = 'punchclock_bench',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Milliseconds `run` takes, `runs` times after `warmUps` untimed calls. */
export async function timeRuns(
  run: () => Promise<unknown>,
  { runs, warmUps = 1 }: { runs: number; warmUps?: number },
): Promise<number[]> {
  for (let index = 0; index < warmUps; index++) await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

export function readPositiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A process's resident set now and at its peak (VmRSS, VmHWM from /proc), in bytes. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kilobytes('VmRSS'), peak: kilobytes('VmHWM') };
}

/**
 * One request to a server child, its body read as it arrives: how long it took, its bytes, and
 * the child's resident set before and its growth (peak during the request, sampled every 20 ms,
 * less the figure before it).
 */
export async function measureDownload(
  pid: number,
  send: () => Promise<Response>,
  label: string,
): Promise<{ ms: number; bytes: number; rssBefore: number; rssGrowth: number }> {
  const rssBefore = processMemory(pid).rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, processMemory(pid).rss);
  }, 20);
  try {
    const started = performance.now();
    const response = await send();
    if (!response.ok || !response.body) {
      throw new Error(`${label}: ${response.status} ${await response.text()}`);
    }
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    const ms = performance.now() - started;
    peak = Math.max(peak, processMemory(pid).rss);
    return { ms, bytes, rssBefore, rssGrowth: peak - rssBefore };
  } finally {
    clearInterval(sampler);
  }
}
