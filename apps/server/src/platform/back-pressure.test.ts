import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inLargeChunks } from './back-pressure.ts';

async function readAll(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

describe('inLargeChunks', () => {
  it('passes every byte on, in order, in chunks of at least 64 KB but the last', async () => {
    const records = Array.from({ length: 20_000 }, (_, index) => `row ${index},é,"x"\n`);
    const chunks = await readAll(inLargeChunks(Readable.from(records)));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(records.join(''));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(65_536);
  });

  it('fails the reader when the source fails part-way, and stops the source when the reader goes away', async () => {
    const failing = new PassThrough();
    const gathered = inLargeChunks(failing);
    failing.write('first rows\n');
    failing.destroy(new Error('database gone'));
    await expect(readAll(gathered)).rejects.toThrow('database gone');

    const source = new PassThrough();
    const reader = inLargeChunks(source);
    reader.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});
