import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_TYPESCRIPT } from './typescript-child.ts';

const holderScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'hold-data-dir-lock.ts',
);

/** Starts a second process that takes the data-folder lock; resolves once it holds it. */
export function spawnLockHolder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...RUN_TYPESCRIPT, holderScript, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
}

/** Resolves when the child has exited (after a kill, the kernel has dropped its locks). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
