import type * as Dns from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import { retryDelaySeconds } from '../../platform/retry-schedule.ts';
import {
  FORBIDDEN_TARGET_MESSAGE,
  guardedLookup,
  isPublicAddress,
  PRIVATE_TARGET_MESSAGE,
  whyTargetRefused,
} from './target-guard.ts';

/** Names that resolve where an attacker would point them (no real DNS needed). */
const FAKE_DNS: Record<string, { address: string; family: number }[]> = {
  'metadata.attacker.test': [{ address: '169.254.169.254', family: 4 }],
  'ec2-v6.attacker.test': [{ address: 'fd00:ec2::254', family: 6 }],
  'loopback.attacker.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.attacker.test': [
    { address: '10.0.0.7', family: 4 },
    { address: '::1', family: 6 },
  ],
  'intranet.example.test': [{ address: '10.20.30.40', family: 4 }],
};

vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof Dns>();
  const lookup = (hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    const fake = FAKE_DNS[hostname];
    if (fake) return void queueMicrotask(() => callback(null, fake));
    return dns.lookup(hostname, options, callback as never);
  };
  return { ...dns, default: { ...dns, lookup }, lookup };
});

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
    const { error } = await resolve('intranet.example.test', false);
    expect(error?.message).toBe(PRIVATE_TARGET_MESSAGE);
  });

  it('lets it through when the endpoint is allowed into private networks', async () => {
    const { error, address } = await resolve('intranet.example.test', true);
    expect(error).toBeNull();
    expect(address).toBe('10.20.30.40');
  });

  it.each([
    'localhost',
    'loopback.attacker.test',
    'metadata.attacker.test',
    'ec2-v6.attacker.test',
    'mixed.attacker.test',
  ])('refuses %s even for an endpoint allowed into private networks', async (host) => {
    const { error } = await resolve(host, true);
    expect(error?.message).toBe(FORBIDDEN_TARGET_MESSAGE);
  });

  it('lets loopback through only when the operator allowed it, never the metadata service', async () => {
    const lookup = (host: string) =>
      new Promise<Error | null>((done) =>
        guardedLookup(true, true)(host, {}, (error) => done(error)),
      );
    expect(await lookup('loopback.attacker.test')).toBeNull();
    expect((await lookup('metadata.attacker.test'))?.message).toBe(FORBIDDEN_TARGET_MESSAGE);
  });
});

describe('whyTargetRefused with private networks allowed (decision 0040)', () => {
  const FORBIDDEN =
    'This address is the server itself or a cloud metadata service: webhooks are never sent there';

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://127.45.6.7/hook',
    'http://[::1]:8080/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.0.1/hook',
    'http://[::ffff:169.254.169.254]/hook',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://0.0.0.0:8080/hook',
    'http://[::]/hook',
    'http://localhost:8080/hook',
    'http://loopback.attacker.test/hook',
    'http://metadata.attacker.test/latest/meta-data/',
    'http://ec2-v6.attacker.test/hook',
    'http://mixed.attacker.test/hook',
  ])('refuses %s', async (url) => {
    expect(await whyTargetRefused(url, true)).toBe(FORBIDDEN);
  });

  it.each([
    'http://10.0.0.5/hook',
    'http://192.168.1.20:8080/hook',
    'http://172.16.0.9/hook',
    'http://[fd00::1]/hook',
    'http://intranet.example.test/hook',
  ])('accepts the private address %s', async (url) => {
    expect(await whyTargetRefused(url, true)).toBeNull();
  });

  it('accepts loopback only when the operator allowed it; the metadata service never', async () => {
    expect(await whyTargetRefused('http://127.0.0.1:8080/hook', true, true)).toBeNull();
    expect(await whyTargetRefused('http://169.254.169.254/', true, true)).toBe(FORBIDDEN);
    expect(await whyTargetRefused('http://[fd00:ec2::254]/', true, true)).toBe(FORBIDDEN);
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
