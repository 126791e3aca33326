import type { Writable } from 'node:stream';

/**
 * Resolves when `stream` drains or closes (the reader went away). Unlike racing two
 * `events.once` promises, it removes both listeners whichever comes first: a long export waits
 * thousands of times, and the loser's listener would otherwise stay on the stream each time.
 */
export function drainedOrClosed(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
