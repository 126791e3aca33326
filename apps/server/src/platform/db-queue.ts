import { t } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import { ServiceUnavailable } from './errors.ts';

/**
 * Admission control in front of the database (decision 0051). The embedded
 * database (PGlite) is one connection in this process: every query waits its turn. With 64
 * requests at once each of their 4–5 queries queued behind everyone else's, so every request
 * took as long as all of them together and the slowest took seconds. Here at most `concurrency`
 * requests work on the database at once, the rest wait in line first come first served, and a
 * request that would wait longer than `maxWaitMs` is refused at once with 503 and Retry-After —
 * before anything of it runs — instead of being answered late.
 *
 * The expected wait is the number ahead in line times the recent gap between two requests
 * leaving while the line was never empty (the rate the database actually drains it at, so a
 * long report holding one place does not count against everyone while the others keep moving).
 */
export interface DbQueueOptions {
  /** Requests working on the database at once. */
  concurrency: number;
  /** Longest expected wait in line before a request is refused; 0 turns the queue off. */
  maxWaitMs: number;
}

/** The gap between departures assumed before any has been measured (a punch on PGlite). */
const INITIAL_GAP_MS = 5;
/** Weight of the newest gap in the moving average. */
const GAP_WEIGHT = 0.1;
/** Never more than this many waiting, however fast the line seems to move. */
const MAX_WAITING = 1024;
const MAX_RETRY_AFTER_SECONDS = 30;

/**
 * A place in line: `turn` resolves true when it is this request's turn, false if it left first;
 * `leave` gives the place up.
 */
export interface Place {
  turn: Promise<boolean>;
  /** Done, or gone before its turn: either way the place is free. Safe to call twice. */
  leave: () => void;
}

interface Ticket {
  state: 'waiting' | 'admitted' | 'left';
  settle: (admitted: boolean) => void;
}

export class AdmissionQueue {
  private inFlight = 0;
  /** First come first served; tickets whose request went away are skipped when reached. */
  private readonly line: Ticket[] = [];
  private waiting = 0;
  private gapMs = INITIAL_GAP_MS;
  /** When the last request left while others were waiting (null: the line was empty). */
  private lastBackloggedDeparture: number | null = null;
  private refusedCount = 0;

  constructor(
    private readonly options: DbQueueOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Requests working and waiting now, the expected wait of the next one, refusals so far. */
  stats(): { inFlight: number; waiting: number; expectedWaitMs: number; refused: number } {
    return {
      inFlight: this.inFlight,
      waiting: this.waiting,
      expectedWaitMs: this.expectedWaitMs(),
      refused: this.refusedCount,
    };
  }

  private expectedWaitMs(): number {
    if (this.inFlight < this.options.concurrency && this.waiting === 0) return 0;
    return (this.waiting + 1) * this.gapMs;
  }

  /** A place in line, or the seconds to come back after when the wait would be too long. */
  enter(): Place | { retryAfterSeconds: number } {
    const expected = this.expectedWaitMs();
    if (expected > this.options.maxWaitMs || this.waiting >= MAX_WAITING) {
      this.refusedCount += 1;
      const seconds = Math.ceil(expected / 1000);
      return { retryAfterSeconds: Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds)) };
    }
    let settle: (admitted: boolean) => void = () => {};
    const turn = new Promise<boolean>((resolve) => (settle = resolve));
    const ticket: Ticket = { state: 'waiting', settle };
    if (expected === 0) {
      ticket.state = 'admitted';
      this.inFlight += 1;
      settle(true);
    } else {
      this.waiting += 1;
      this.line.push(ticket);
    }
    const leave = () => {
      if (ticket.state === 'waiting') {
        this.waiting -= 1;
        settle(false);
      }
      if (ticket.state === 'admitted') this.next();
      ticket.state = 'left';
    };
    return { turn, leave };
  }

  /** A place is free: the next in line gets it. */
  private next(): void {
    this.inFlight -= 1;
    let ticket = this.line.shift();
    while (ticket?.state === 'left') ticket = this.line.shift();
    if (!ticket) {
      this.lastBackloggedDeparture = null;
      return;
    }
    const now = this.now();
    // Someone was waiting: the time since the previous such departure is how fast the line moves.
    if (this.lastBackloggedDeparture !== null) {
      this.gapMs += GAP_WEIGHT * (now - this.lastBackloggedDeparture - this.gapMs);
    }
    this.lastBackloggedDeparture = now;
    this.waiting -= 1;
    this.inFlight += 1;
    ticket.state = 'admitted';
    ticket.settle(true);
  }
}

/**
 * Routes that never wait in line: probes, the live-update stream (held open for hours), metrics
 * and the API reference. Anything outside /api (the web app's files) is not in line either.
 */
const NEVER_QUEUED = new Set([
  '/api/health',
  '/api/ready',
  '/api/live',
  '/api/metrics',
  '/api/docs',
  '/api/docs/:asset',
  '/api/openapi.json',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** The database queue, or null when it is off (decision 0051). */
    dbQueue: AdmissionQueue | null;
  }
}

/**
 * Puts every /api request (but NEVER_QUEUED) through the queue before any hook that reads the
 * database (register it before access control): its place is given back when the response is
 * finished or the client goes away.
 */
export function registerDbQueue(app: FastifyInstance, options: DbQueueOptions): void {
  if (options.maxWaitMs <= 0) {
    app.decorate('dbQueue', null);
    return;
  }
  const queue = new AdmissionQueue(options);
  app.decorate('dbQueue', queue);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/') || NEVER_QUEUED.has(route)) return;
    const place = queue.enter();
    if ('retryAfterSeconds' in place) {
      throw new ServiceUnavailable(
        t`The server is busy. Please try again in a moment.`,
        place.retryAfterSeconds,
      );
    }
    // 'close': the response is finished, or the client went away (before its turn or after).
    reply.raw.once('close', place.leave);
    // On PGlite a request's queries resolve without ever giving the event loop back, so a
    // request let in at once would run to its end before the requests already waiting on their
    // sockets are even read: they would never be seen in line (measured: never more than one
    // in), and the sockets the loop happens to read last would wait seconds. One turn of the
    // loop first lets every request that has arrived take its place in line, in order.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Gone before its turn: nothing of the request runs, and there is no one to answer.
    if (!(await place.turn)) reply.hijack();
  });
}
