import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRunner } from './job-runner.ts';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

function fakeLogger() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

/** Lets settled promises run their callbacks without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('JobRunner', () => {
  let runner: JobRunner;
  let logger: ReturnType<typeof fakeLogger>;

  beforeEach(() => {
    vi.useFakeTimers();
    logger = fakeLogger();
    runner = new JobRunner(logger.log);
  });
  afterEach(async () => {
    await runner.stop();
    vi.useRealTimers();
  });

  it('runs the job once per interval, the first time one interval after start', async () => {
    const job = vi.fn(async () => {});
    runner.every('tick', 1_000, job);

    await vi.advanceTimersByTimeAsync(999);
    expect(job).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(job).toHaveBeenCalledTimes(5);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('runs several jobs, each on its own interval', async () => {
    const fast = vi.fn(async () => {});
    const slow = vi.fn(async () => {});
    runner.every('fast', 1_000, fast);
    runner.every('slow', 5_000, slow);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fast).toHaveBeenCalledTimes(10);
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('never starts a run while the previous one is still going', async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    let inProgress = 0;
    let mostAtOnce = 0;
    const job = vi.fn(async () => {
      inProgress += 1;
      mostAtOnce = Math.max(mostAtOnce, inProgress);
      const run = deferred();
      runs.push(run);
      await run.promise.finally(() => {
        inProgress -= 1;
      });
    });
    runner.every('slow', 1_000, job);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(job).toHaveBeenCalledTimes(1);
    // Five more ticks pass while the first run is still busy: all skipped.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job).toHaveBeenCalledTimes(1);

    runs[0]?.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job).toHaveBeenCalledTimes(2);
    runs[1]?.resolve();
    await flush();
    expect(mostAtOnce).toBe(1);
    expect(inProgress).toBe(0);
  });

  it('logs a failing run with the job name and keeps running the job', async () => {
    const failure = new Error('database unavailable');
    const job = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValue(undefined);
    runner.every('notification-rules', 1_000, job);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      { err: failure, job: 'notification-rules' },
      'job failed',
    );

    await vi.advanceTimersByTimeAsync(2_000);
    expect(job).toHaveBeenCalledTimes(3);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('survives a job that throws before returning its promise', async () => {
    const failure = new Error('thrown synchronously');
    let calls = 0;
    const job = (): Promise<void> => {
      calls += 1;
      if (calls === 1) throw failure;
      return Promise.resolve();
    };
    runner.every('eager', 1_000, job);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(logger.error).toHaveBeenCalledWith({ err: failure, job: 'eager' }, 'job failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
  });

  it('stop() waits for the run in progress, then nothing runs any more', async () => {
    const run = deferred();
    let finished = false;
    const job = vi.fn(async () => {
      await run.promise;
      finished = true;
    });
    runner.every('slow', 1_000, job);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await flush();
    expect(stopped).toBe(false);

    run.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(job).toHaveBeenCalledTimes(1);
  });

  it('stop() waits for a run that fails, without throwing', async () => {
    const run = deferred();
    runner.every('doomed', 1_000, () => run.promise);
    await vi.advanceTimersByTimeAsync(1_000);
    const stopping = runner.stop();
    run.reject(new Error('late failure'));
    await expect(stopping).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('stop() returns at once when nothing is running', async () => {
    const job = vi.fn(async () => {});
    runner.every('idle', 60_000, job);
    await expect(runner.stop()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(job).not.toHaveBeenCalled();
  });

  it('stop() also waits for the work a job left running (registered with onStop)', async () => {
    const sendsInFlight = deferred();
    const stopSends = vi.fn(() => sendsInFlight.promise);
    runner.onStop(stopSends);

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await flush();
    expect(stopSends).toHaveBeenCalledTimes(1);
    expect(stopped).toBe(false);

    sendsInFlight.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('does not keep the process alive for its timers', () => {
    vi.useRealTimers();
    const realRunner = new JobRunner(logger.log);
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      realRunner.every('background', 60_000, async () => {});
      const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      setIntervalSpy.mockRestore();
      void realRunner.stop();
    }
  });
});
