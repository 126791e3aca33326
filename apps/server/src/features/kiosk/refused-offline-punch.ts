import type { OfflineKioskPunchRequest } from '@punchclock/shared/contracts/kiosk';
import { notificationMessage } from '@punchclock/shared/domain/notification-messages';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { listAdminIds } from '../people/index.ts';

/*
 * A punch kept on an offline kiosk reaches the server after the person has walked away. When
 * the server refuses it for good (a wrong PIN, a move the state machine does not allow), the
 * kiosk drops it, so the refusal must reach someone who can fix the day: the admins, and the
 * person when their PIN was right. Told once per punch (its id), however often it is resent.
 */

/** Refusals that stand however often the punch is sent again (not busy, not the device). */
export function isFinalRefusal(error: unknown): error is AppError {
  return (
    error instanceof AppError &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    ![401, 408, 429].includes(error.statusCode)
  );
}

/**
 * "The punch “Clocked Out” made offline at Door on Nov 25, 2026 at 2:02 PM could not …", as a
 * message key and values, worded in each reader's language when read (decision 0044). The
 * reason is the refusal's words as the kiosk was told them.
 */
export function refusedOfflinePunchMessage(
  punch: Pick<OfflineKioskPunchRequest, 'eventType' | 'capturedOfflineAt' | 'employeeNumber'>,
  deviceName: string,
  reason: string,
  options: { timeZone: string; isIdentified: boolean },
) {
  const capturedAt = new Date(punch.capturedOfflineAt).toISOString();
  const values = {
    label: punch.eventType,
    deviceName,
    date: capturedAt,
    time: capturedAt,
    timeZone: options.timeZone,
    reason,
  };
  return options.isIdentified
    ? notificationMessage('kiosk_offline_refused.identified', values)
    : notificationMessage('kiosk_offline_refused.unidentified', {
        ...values,
        employeeNumber: punch.employeeNumber,
      });
}

export async function tellOfRefusedOfflinePunch(
  db: Db,
  punch: OfflineKioskPunchRequest,
  device: { name: string },
  personId: string | null,
  reason: string,
  timeZone: string,
): Promise<void> {
  const adminIds = await listAdminIds(db);
  const recipients = [...new Set([...adminIds, ...(personId ? [personId] : [])])];
  const text = refusedOfflinePunchMessage(punch, device.name, reason, {
    timeZone,
    isIdentified: personId !== null,
  });
  await insertDrafts(
    db,
    recipients.map((userId) => ({
      type: 'warning' as const,
      occasionKey: `kiosk-offline-refused:${punch.id}`,
      subjectUserId: personId,
      userId,
      ...text,
    })),
  );
}
