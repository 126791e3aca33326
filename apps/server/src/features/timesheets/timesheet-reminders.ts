import { payPeriodContaining } from '@punchclock/shared/domain/pay/pay-periods';
import { TZDate } from '@date-fns/tz';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { notificationMessage } from '@punchclock/shared/domain/notification-messages';
import type { NotificationDraft } from '@punchclock/shared/domain/notification-rules';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { listUserSummaries } from '../people/index.ts';
import { settlePayCalendar } from '../pay-settings/index.ts';
import { listSignOffs } from './sign-off-repository.ts';

/** The hour (business time) of a period's last day from which the reminder goes out. */
export const TIMESHEET_REMINDER_HOUR = 12;

/**
 * On the last day of a pay period, from noon, everyone active who tracks time (admins do not)
 * and has not submitted that period's timesheet is reminded once: in the app, and by email
 * when it is set up (decision 0034). Keyed on the period, so every instance may run it.
 */
export async function remindUnsubmittedTimesheets(
  db: Db,
  config: Pick<AppConfig, 'pay' | 'timeZone'>,
  now: Date,
): Promise<number> {
  await settlePayCalendar(db, config.pay);
  const today = toBusinessDate(now, config.timeZone);
  const period = payPeriodContaining(config.pay.calendar, today);
  const hour = new TZDate(now.getTime(), config.timeZone).getHours();
  if (today !== period.end || hour < TIMESHEET_REMINDER_HOUR) return 0;

  const people = (await listUserSummaries(db)).filter(
    (person) => !person.isSuspended && person.role !== 'admin',
  );
  const submitted = new Set(
    (await listSignOffs(db, period.start))
      .filter((signOff) => signOff.status === 'submitted' || signOff.status === 'approved')
      .map((signOff) => signOff.userId),
  );
  const recipients = people.filter((person) => !submitted.has(person.id));
  const text = notificationMessage('timesheet_due', { start: period.start, end: period.end });
  const drafts: NotificationDraft[] = recipients.map((person) => ({
    userId: person.id,
    subjectUserId: person.id,
    type: 'info',
    occasionKey: `timesheet-due:${period.start}`,
    ...text,
  }));
  // The notifications and the emails they are owed commit together.
  return db.transaction(async (tx) => {
    const inserted = await insertDrafts(tx, drafts);
    for (const row of inserted) await notifyLive(tx, row.userId, 'notifications');
    return inserted.length;
  });
}
