import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OfflineKioskPunchRequest } from '@punchclock/shared/contracts/kiosk';
import { ApiError } from '@/lib/api-client';
import { queueKioskPunch, readKioskQueue, sendKioskQueue } from './kiosk-queue';

const punch = (id: string, minute: number): OfflineKioskPunchRequest => ({
  id,
  eventType: 'clock_in',
  capturedOfflineAt: `2026-11-25T14:${String(minute).padStart(2, '0')}:00.000Z`,
  employeeNumber: 'K-1',
  sealedPin: 'c2VhbGVk',
});

beforeEach(async () => {
  await clear(createStore('punchclock-kiosk', 'queue'));
});

describe('the kiosk offline queue', () => {
  it('sends oldest first and stops at the first punch the server could not take yet', async () => {
    for (const [id, minute] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      await queueKioskPunch(punch(id, minute));
    }
    await queueKioskPunch(punch('a', 1)); // kept once
    const sent: string[] = [];
    const waiting = await sendKioskQueue(async (item) => {
      sent.push(item.id);
      if (item.id === 'b') throw new ApiError('Cannot reach the server.', 0, 'network');
    });
    expect(sent).toEqual(['a', 'b']);
    expect(waiting).toBe(2);
    expect((await readKioskQueue()).map((item) => item.id)).toEqual(['b', 'c']);
  });

  it('drops a punch refused for good, keeps one refused for now (busy, device, server)', async () => {
    await queueKioskPunch(punch('wrong-pin', 1));
    await queueKioskPunch(punch('busy', 2));
    const refusals: Record<string, ApiError> = {
      'wrong-pin': new ApiError('Employee number or PIN is not correct', 400, 'wrong_credentials'),
      busy: new ApiError('Too many wrong tries', 429),
    };
    const waiting = await sendKioskQueue(async (item) => {
      throw refusals[item.id];
    });
    expect(waiting).toBe(1);
    expect((await readKioskQueue()).map((item) => item.id)).toEqual(['busy']);

    for (const status of [401, 500, 503]) {
      await sendKioskQueue(async () => {
        throw new ApiError('not now', status);
      });
      expect((await readKioskQueue()).map((item) => item.id)).toEqual(['busy']);
    }
    expect(await sendKioskQueue(async () => undefined)).toBe(0);
    expect(await readKioskQueue()).toEqual([]);
  });
});
