import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readyResponseSchema } from '@punchclock/shared/contracts/health';
import { openDatabase } from './db/client.ts';
import { waitFor } from './test/time-tracking.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Exactly what `npm start` runs: the launcher builds whatever changed (the first run in a fresh
 * checkout builds both; later ones find the content stamps current) and runs the compiled server.
 */
const SERVER_COMMAND = [process.execPath, 'scripts/launch.mjs', 'server'] as const;

const METRICS_TOKEN = 'process-test-metrics-token-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    METRICS_TOKEN,
    ...extraEnv,
  };
  // Whatever the developer's shell says, this runs on the embedded database in dataDir.
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  const [command, ...args] = SERVER_COMMAND;
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function waitUntilReady(server: RunningServer): Promise<void> {
  await waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
      const response = await fetch(`${server.url}/api/ready`);
      expect(response.status).toBe(200);
      expect(readyResponseSchema.parse(await response.json()).status).toBe('ready');
    },
    { timeoutMs: 170_000, intervalMs: 250 },
  );
}

/** Requests whose log lines (each carries its URL) add up to several megabytes of output. */
async function makeLotsOfLogOutput(server: RunningServer): Promise<void> {
  const url = `${server.url}/api/health?padding=${'x'.repeat(4_000)}`;
  for (let batch = 0; batch < 40; batch += 1) {
    await Promise.all(
      Array.from({ length: 25 }, () => fetch(url).then((response) => response.arrayBuffer())),
    );
  }
}

/** Resolves with the exit, or with null once timeoutMs has passed. */
function exitWithin(server: RunningServer, timeoutMs: number) {
  return Promise.race([
    server.exited,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ]);
}

describe('the server process', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  // A supervisor or test runner that stops reading (or goes away) while the server shuts down
  // must not keep it alive: logging never blocks, and the shutdown deadline always exits.
  it.each([
    [
      'stops reading its output',
      (server: RunningServer) => {
        server.child.stdout?.pause();
        server.child.stderr?.pause();
      },
    ],
    [
      'has gone away (its end of the pipe closed)',
      (server: RunningServer) => {
        server.child.stdout?.destroy();
        server.child.stderr?.destroy();
      },
    ],
  ])(
    'exits on SIGTERM within its deadline when the reader %s, and frees the data folder',
    async (_name, abandonOutput) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-server-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startServer(dataDir, { SHUTDOWN_TIMEOUT_SECONDS: '4' });
      cleanups.push(() => server.child.kill('SIGKILL'));
      await waitUntilReady(server);

      server.child.stdout?.pause();
      server.child.stderr?.pause();
      await makeLotsOfLogOutput(server);
      abandonOutput(server);
      // Still answering while its output backs up: logging does not hold the event loop.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 8_000)).not.toBeNull();

      const reopened = await openDatabase({ kind: 'pglite', dataDir });
      await reopened.close();
    },
    200_000,
  );

  it('becomes ready, then on SIGTERM shuts down cleanly (exit 0) well within 10 s', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-server-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer(dataDir);
    cleanups.push(() => server.child.kill('SIGKILL'));

    await waitFor(
      async () => {
        if (server.child.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
        const response = await fetch(`${server.url}/api/ready`);
        expect(response.status).toBe(200);
        expect(readyResponseSchema.parse(await response.json()).status).toBe('ready');
      },
      { timeoutMs: 170_000, intervalMs: 250 },
    );
    // An empty database and no ADMIN_EMAIL: the one-time setup link, printed once, nowhere else
    // (right after the server listens, so perhaps just after it answered ready).
    const linkLine =
      /Open http:\/\/localhost:\d+\/setup#([\w-]{43}) to set up Punchclock \(one-time link\)/;
    await waitFor(async () => expect(server.output()).toMatch(linkLine), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    const token = linkLine.exec(server.output())?.[1] ?? '-';
    expect(server.output().split(token).length - 1).toBe(1);
    const metrics = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('punchclock_http_request_duration_seconds_count');

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    const shutdownMs = performance.now() - signalledAt;

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"shutting down"');
    expect(server.output()).toContain('"msg":"shut down"');
    expect(server.output()).not.toContain('exiting anyway');
  }, 200_000);
});
