import { pipeline, Transform, type Readable, type Writable } from 'node:stream';

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

/** The size of the chunks `inLargeChunks` passes on. */
const LARGE_CHUNK_BYTES = 64 * 1024;

/**
 * `source`'s bytes in chunks of about 64 KB, for a download written a record at a time. The
 * response compressor (brotli, gzip) works per chunk: one chunk per CSV record made a 20 MB
 * export take ten seconds of compression instead of a tenth of one (docs/benchmarks.md,
 * "Exports"). Errors and the reader going away pass through both ways (pipeline).
 */
export function inLargeChunks(source: Readable): Readable {
  let pending: Buffer[] = [];
  let length = 0;
  const take = () => {
    const chunk = Buffer.concat(pending, length);
    pending = [];
    length = 0;
    return chunk;
  };
  const gather = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      length += chunk.length;
      callback(null, length >= LARGE_CHUNK_BYTES ? take() : undefined);
    },
    flush(callback) {
      callback(null, length > 0 ? take() : undefined);
    },
  });
  pipeline(source, gather, () => {
    // The error, if any, has destroyed `gather` too: whoever reads it sees it.
  });
  return gather;
}
