import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { waitFor } from './time-tracking.ts';

export interface SseFrame {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface LiveStream {
  status: number;
  headers: Headers;
  /** Everything received so far, raw. */
  text(): string;
  /** The id/event/data frames received so far (comments and retry hints left out). */
  frames(): SseFrame[];
  /** True once the server ended the stream. */
  isEnded(): boolean;
  waitForFrame(predicate: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Hang up (as a closing tab does) and wait until the reader has stopped. */
  close(): Promise<void>;
}

/** Listens on an ephemeral port on 127.0.0.1 and returns the base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

function parseFrames(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  for (const block of text.split('\n\n')) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
    }
    const event = fields.get('event');
    const data = fields.get('data');
    if (event !== undefined && data !== undefined) {
      frames.push({ id: fields.get('id'), event, data: JSON.parse(data) });
    }
  }
  return frames;
}

/** GET /api/live over real HTTP with Node's fetch, reading the stream as it arrives. */
export async function openLiveStream(baseUrl: string, cookie: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let received = '';
  let ended = false;
  const body = response.body;
  const reading = (async () => {
    if (!body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) received += decoder.decode(chunk, { stream: true });
    } catch {
      // Aborted by close(): the tab went away.
    } finally {
      ended = true;
    }
  })();

  // Only complete frames (followed by a blank line) count.
  const complete = () => received.slice(0, received.lastIndexOf('\n\n') + 2);
  const stream: LiveStream = {
    status: response.status,
    headers: response.headers,
    text: () => received,
    frames: () => parseFrames(complete()),
    isEnded: () => ended,
    async waitForFrame(predicate, timeoutMs = 5_000) {
      let found: SseFrame | undefined;
      await waitFor(
        () => {
          found = stream.frames().find(predicate);
          return found !== undefined;
        },
        { timeoutMs },
      );
      if (!found) throw new Error('frame not found');
      return found;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
  return stream;
}
