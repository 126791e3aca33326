import { describe, expect, it } from 'vitest';
import {
  AppError,
  Conflict,
  Invalid,
  TooManyRequests,
  Unauthorized,
} from '../../platform/errors.ts';
import { renderNotification } from '@punchclock/shared/domain/notification-messages';
import { isFinalRefusal, refusedOfflinePunchMessage } from './refused-offline-punch.ts';

/** The message as an English reader reads it. */
const describeRefusedOfflinePunch = (...args: Parameters<typeof refusedOfflinePunchMessage>) =>
  renderNotification({ title: '', message: '', ...refusedOfflinePunchMessage(...args) }).message;

const TORONTO = 'America/Toronto';

describe('describeRefusedOfflinePunch', () => {
  it('says the local time of capture, in the hour the clocks skipped forward', () => {
    // 07:05 UTC on 8 March 2026 is 3:05 AM EDT: 2:00–2:59 does not exist that night.
    const punch = {
      eventType: 'clock_out' as const,
      capturedOfflineAt: '2026-03-08T07:05:00Z',
      employeeNumber: 'K-101',
    };
    expect(
      describeRefusedOfflinePunch(punch, 'Front door', 'Please clock in first', {
        timeZone: TORONTO,
        isIdentified: true,
      }),
    ).toBe(
      'The punch “Clocked Out” made offline at Front door on Mar 8, 2026 at 3:05 AM could not be recorded: Please clock in first',
    );
  });

  it('names the employee number typed when the PIN did not identify anyone', () => {
    const punch = {
      eventType: 'clock_in' as const,
      capturedOfflineAt: '2026-11-01T05:30:00Z', // 1:30 AM EST, the second 1:30 of the night
      employeeNumber: 'K-102',
    };
    expect(
      describeRefusedOfflinePunch(punch, 'Dock', 'Employee number or PIN is not correct', {
        timeZone: TORONTO,
        isIdentified: false,
      }),
    ).toBe(
      'The punch “Clocked In” made offline at Dock on Nov 1, 2026 at 1:30 AM for employee number K-102 could not be recorded: Employee number or PIN is not correct',
    );
  });
});

describe('isFinalRefusal', () => {
  it('holds for refusals a resend cannot change, not for busy, device or unknown errors', () => {
    expect(isFinalRefusal(new Invalid('Wrong PIN'))).toBe(true);
    expect(isFinalRefusal(new Conflict('Please clock in first'))).toBe(true);
    expect(isFinalRefusal(new Unauthorized())).toBe(false);
    expect(isFinalRefusal(new TooManyRequests('Wait', 60))).toBe(false);
    expect(isFinalRefusal(new AppError(503, 'Busy'))).toBe(false);
    expect(isFinalRefusal(new Error('socket hang up'))).toBe(false);
  });
});
