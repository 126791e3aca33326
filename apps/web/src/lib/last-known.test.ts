import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { forgetLastKnown, readWithLastKnown, rememberLastKnown } from './last-known';

const unreachable = () => Promise.reject(new ApiError('Cannot reach the server.', 0, 'network'));

describe('readWithLastKnown', () => {
  it('answers from the server and remembers it; offline, the remembered answer', async () => {
    await forgetLastKnown();
    expect(await readWithLastKnown('today', () => Promise.resolve({ events: [1] }))).toEqual({
      events: [1],
    });
    expect(await readWithLastKnown('today', unreachable)).toEqual({ events: [1] });
    // A newer answer replaces the remembered one.
    await readWithLastKnown('today', () => Promise.resolve({ events: [1, 2] }));
    expect(await readWithLastKnown('today', unreachable)).toEqual({ events: [1, 2] });
  });

  it('never answers from memory when the server did answer, even with an error', async () => {
    await rememberLastKnown('session', { user: { id: 'a' } });
    for (const status of [401, 403, 500, 503]) {
      const failure = new ApiError('no', status);
      await expect(readWithLastKnown('session', () => Promise.reject(failure))).rejects.toBe(
        failure,
      );
    }
  });

  it('fails as the server did when nothing is remembered, and after forgetting', async () => {
    await forgetLastKnown();
    await expect(readWithLastKnown('session', unreachable)).rejects.toMatchObject({ status: 0 });
    await rememberLastKnown('session', { user: { id: 'a' } });
    await forgetLastKnown();
    await expect(readWithLastKnown('session', unreachable)).rejects.toMatchObject({ status: 0 });
  });
});
