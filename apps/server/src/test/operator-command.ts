import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_TYPESCRIPT } from './typescript-child.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an operator command (`src/cli.ts`, `src/restore.ts`) from its source, as its npm script
 * does from the build. The child never inherits the developer's DATABASE_URL or INIT_CWD
 * unless `env` sets them, so it uses the embedded database it is pointed at.
 */
export function runOperatorCommand(
  entry: 'cli' | 'restore',
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<CommandResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!('INIT_CWD' in env)) delete childEnv.INIT_CWD;
  if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL;
  const entryPath = path.join(serverDir, 'src', `${entry}.ts`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...RUN_TYPESCRIPT, entryPath, ...args], {
      cwd: serverDir,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
