import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../../platform/retry-schedule.ts';
import { guardedLookup, isPublicAddress, PRIVATE_TARGET_MESSAGE } from './target-guard.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.0.0.5', false],
    ['172.16.3.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['::7f00:1', false],
    ['::a9fe:a9fe', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('guardedLookup: the check at connection time (DNS rebinding)', () => {
  const resolve = (host: string, allowPrivate: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      guardedLookup(allowPrivate)(host, {}, (error, address) => done({ error, address })),
    );

  it('refuses a name that resolves to a private address', async () => {
    const { error } = await resolve('localhost', false);
    expect(error?.message).toBe(PRIVATE_TARGET_MESSAGE);
  });

  it('lets it through when the endpoint is allowed into private networks', async () => {
    const { error, address } = await resolve('localhost', true);
    expect(error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(address);
  });
});

describe('retryDelaySeconds', () => {
  it('grows fourfold from the base and stops growing at six hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelaySeconds(attempt, 5))).toEqual([
      5, 20, 80, 320, 1280, 5120, 20480, 21600,
    ]);
  });

  it('with the default base, about ten attempts fit in the 24-hour window', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed <= 24 * 3600) elapsed += retryDelaySeconds(++attempts, 5);
    expect(attempts).toBe(10);
  });
});
