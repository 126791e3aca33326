import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

/** How much output may wait for a slow reader before new lines are dropped (decision 0040). */
const MAX_WAITING_BYTES = 4 * 1024 * 1024;

/**
 * Where the server's log lines (and its few plain lines) go: its stdout, never waited on.
 *
 * Pino's default destination writes stdout's file descriptor from libuv's thread pool and, at
 * exit, flushes synchronously, retrying every 100 ms until the write succeeds. When whoever read
 * our output stopped reading or went away, the exit slept in that loop (or waited for a pool
 * thread stuck in write()) for ever: neither the shutdown deadline nor a second signal could end
 * the process, and PGlite's folder stayed locked (issue #28). Here lines go through
 * `process.stdout`, which on a pipe is a non-blocking socket: a line that cannot be written yet
 * waits in memory (up to MAX_WAITING_BYTES, then lines are dropped), a closed pipe ends the
 * output, and `flush` gives up after its timeout. A file or terminal is written as Node does.
 */
export interface LogOutput {
  /** Takes one line (pino's stream interface); never blocks, never throws. */
  write(line: string): void;
  /** Resolves once what was written is out, the output is gone, or timeoutMs has passed. */
  flush(timeoutMs: number): Promise<void>;
}

export function createLogOutput(
  stream: NodeJS.WritableStream & { writableLength: number } = process.stdout,
): LogOutput {
  let isOpen = true;
  // EPIPE (the reader has gone) or any other write error: stop writing; never crash or retry.
  stream.on('error', () => {
    isOpen = false;
  });
  return {
    write(line) {
      if (isOpen && stream.writableLength < MAX_WAITING_BYTES) stream.write(line);
    },
    async flush(timeoutMs) {
      if (!isOpen || stream.writableLength === 0) return;
      // An empty write's callback runs once every line before it is out (or the output failed).
      const written = new Promise<void>((resolve) => stream.write('', () => resolve()));
      const closed = once(stream, 'close').then(
        () => {},
        () => {},
      );
      await Promise.race([written, closed, sleep(timeoutMs)]);
    },
  };
}
