import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox, notifications, profiles, users } from '../../db/schema.ts';
import { withLocale } from '../../platform/i18n.ts';
import { retryDelaySeconds } from '../../platform/retry-schedule.ts';
import type { Mailer } from './mailer.ts';
import { notificationEmail } from './messages.ts';
import type { EmailKind } from '@punchclock/shared/contracts/email';
import { isLocale } from '@punchclock/shared/i18n/locales';
import { renderNotification } from '@punchclock/shared/domain/notification-messages';

/** Emails are retried this long after their notification, then given up. */
const RETRY_HOURS = 24;
const BATCH = 20;

/** The email kind of a notification row, in SQL: the same rule as messages.emailKindOfOccasion. */
const kindOfOccasion = sql`case
  when ${notifications.occasionKey} like 'decision:%'
    or ${notifications.occasionKey} like 'timesheet-decision:%' then 'decisions'
  when ${notifications.occasionKey} like 'forgot_clock_out:%' then 'forgotten_clock_out'
  when ${notifications.occasionKey} like 'timesheet-due:%' then 'timesheet_reminders'
  when ${notifications.occasionKey} like 'roster:%'
    or ${notifications.occasionKey} like 'shift_trade:%' then 'schedule_changes'
end`;

/**
 * Owe an email for each of these new notifications that is of an emailed kind, to a person who
 * has not turned that kind off. Call in the notifications' transaction, so they commit together.
 */
export async function enqueueNotificationEmails(db: Db, notificationIds: string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await db.execute(sql`
    insert into ${emailOutbox} (notification_id, kind)
    select ${notifications.id}, kinds.kind
    from ${notifications}
    cross join lateral (select ${kindOfOccasion} as kind) as kinds
    join ${profiles} on ${profiles.id} = ${notifications.userId}
    where ${notifications.id} in (
      select value::uuid from jsonb_array_elements_text(${JSON.stringify(notificationIds)}::jsonb))
      and kinds.kind is not null
      and not ${profiles.isSuspended}
      and not (kinds.kind = any(${profiles.emailOptOuts}))
    on conflict (notification_id) do nothing`);
}

interface ClaimedEmail {
  id: string;
  kind: EmailKind;
  attempts: number;
  to: string;
  title: string;
  message: string;
  messageKey: string | null;
  messageValues: unknown;
  /** The recipient's profiles.language: the email's own words are in it. */
  language: string | null;
  stillWanted: boolean;
}

/** Due emails, claimed for this run with a lease (as webhook deliveries are, decision 0033). */
async function claimDue(db: Db): Promise<ClaimedEmail[]> {
  const result = (await db.execute(sql`
    with due as (
      select id from ${emailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    )
    update ${emailOutbox} as outbox
    set next_attempt_at = now() + interval '2 minutes', attempts = outbox.attempts + 1
    from due, ${notifications}, ${users}, ${profiles}
    where outbox.id = due.id and ${notifications.id} = outbox.notification_id
      and ${users.id} = ${notifications.userId} and ${profiles.id} = ${users.id}
    returning outbox.id, outbox.kind, outbox.attempts, ${users.email} as "to", ${notifications.title} as "title",
      ${notifications.message} as "message", ${notifications.messageKey} as "messageKey",
      ${notifications.messageValues} as "messageValues", ${profiles.language} as "language",
      (not ${profiles.isSuspended} and not (outbox.kind = any(${profiles.emailOptOuts})))
        as "stillWanted"`)) as unknown as { rows: ClaimedEmail[] };
  return result.rows;
}

async function markSent(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    update ${emailOutbox} set status = 'sent', sent_at = now(), last_error = null
    where id = ${id}`);
}

/** A failed send: tried again after the delay, or given up once that is past its retry window. */
async function markFailedAttempt(db: Db, id: string, error: string, delaySeconds: number) {
  const next = sql`now() + make_interval(secs => ${delaySeconds})`;
  await db.execute(sql`
    update ${emailOutbox}
    set last_error = ${error.slice(0, 500)}, next_attempt_at = ${next},
      status = case when ${next} > created_at + make_interval(hours => ${RETRY_HOURS})
        then 'failed' else 'pending' end
    where id = ${id}`);
}

/**
 * One run of the email job. Without SMTP configured, owed emails are dropped once past their
 * retry window: everything else works as before. A person who turned a kind off (or was suspended) since is skipped.
 */
export async function deliverDueEmails(
  db: Db,
  mailer: Mailer | null,
  config: AppConfig['email'],
): Promise<number> {
  if (!mailer) {
    // Only what no instance could still send: in a rolling change of SMTP settings, an
    // instance without them must not drop what the others are about to send.
    await db.execute(sql`
      delete from ${emailOutbox}
      where status = 'pending' and created_at < now() - make_interval(hours => ${RETRY_HOURS})`);
    return 0;
  }
  const due = await claimDue(db);
  await Promise.all(
    due.map(async (email) => {
      if (!email.stillWanted) {
        await db.execute(sql`delete from ${emailOutbox} where id = ${email.id}`);
        return;
      }
      try {
        const language = isLocale(email.language) ? email.language : null;
        // In the recipient's language when it is sent (decision 0044).
        const message = withLocale(language, () =>
          notificationEmail(renderNotification(email), email.kind, config.publicUrl),
        );
        await mailer.send(email.to, message);
        await markSent(db, email.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const delay = retryDelaySeconds(email.attempts, config.retryBaseSeconds);
        await markFailedAttempt(db, email.id, message, delay);
      }
    }),
  );
  return due.length;
}

/** Sent and given-up emails are kept this long (to answer "did it go?"), then dropped. */
export const EMAIL_LOG_DAYS = 30;

export async function pruneEmailLog(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${emailOutbox}
    where status <> 'pending' and created_at < now() - make_interval(days => ${EMAIL_LOG_DAYS})
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
