import { t } from '@lingui/core/macro';
import { formatDate } from '@punchclock/shared/i18n/format';
import type { OfflineKioskPunchRequest } from '@punchclock/shared/contracts/kiosk';
import { EVENT_LABELS } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { withLocale } from '../../platform/i18n.ts';
import { findLanguages, insertDrafts } from '../notification-store/index.ts';
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

/** "The punch “Clocked Out” made offline at Door on Nov 25, 2026 at 2:02 PM could not …". */
export function describeRefusedOfflinePunch(
  punch: Pick<OfflineKioskPunchRequest, 'eventType' | 'capturedOfflineAt' | 'employeeNumber'>,
  deviceName: string,
  reason: string,
  options: { timeZone: string; isIdentified: boolean },
): string {
  const capturedAt = new Date(punch.capturedOfflineAt);
  const date = formatDate(capturedAt, 'MMM d, yyyy', { timeZone: options.timeZone });
  const time = formatDate(capturedAt, 'h:mm a', { timeZone: options.timeZone });
  const label = EVENT_LABELS[punch.eventType];
  const employeeNumber = punch.employeeNumber;
  return options.isIdentified
    ? t`The punch “${label}” made offline at ${deviceName} on ${date} at ${time} could not be recorded: ${reason}`
    : t`The punch “${label}” made offline at ${deviceName} on ${date} at ${time} for employee number ${employeeNumber} could not be recorded: ${reason}`;
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
  const languages = await findLanguages(db, recipients);
  await insertDrafts(
    db,
    recipients.map((userId) =>
      withLocale(languages.get(userId), () => ({
        type: 'warning' as const,
        title: t`Kiosk punch not recorded`,
        message: describeRefusedOfflinePunch(punch, device.name, reason, {
          timeZone,
          isIdentified: personId !== null,
        }),
        occasionKey: `kiosk-offline-refused:${punch.id}`,
        subjectUserId: personId,
        userId,
      })),
    ),
  );
}
