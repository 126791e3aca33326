// The pay calendar chosen in the first-run setup (decision 0053).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PayCalendar } from '@punchclock/shared/domain/pay/pay-periods';
import type { PayConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { appSettings, users } from '../../db/schema.ts';

const PAY_CALENDAR_SETTING = 'pay.calendar';

const storedCalendarSchema = z.union([
  z.object({ kind: z.enum(['weekly', 'biweekly']), anchorDate: z.iso.date() }),
  z.object({ kind: z.enum(['semimonthly', 'monthly']) }),
]);

/** Stores the organisation's pay calendar; written once, in the setup's transaction. */
export async function writePayCalendar(db: Db, calendar: PayCalendar): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: PAY_CALENDAR_SETTING, value: calendar })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: calendar, updatedAt: sql`now()` },
    });
}

/**
 * When PAY_PERIOD is not set, the calendar the app uses is the one chosen in the setup. It is
 * written with the first admin in one transaction and never changes after, so once this instance
 * has seen it (or has seen users without it: set up by ADMIN_EMAIL or the CLI, the default
 * stays) the answer is final and costs nothing more. Until then each call reads both in one
 * statement, one snapshot: an instance that started before another one's setup picks the
 * calendar up on its next request (app.ts) or job run.
 */
export async function settlePayCalendar(db: Db, pay: PayConfig): Promise<void> {
  if (!pay.followsSetup) return;
  const result = (await db.execute(sql`
    select
      (select ${appSettings.value} from ${appSettings}
        where ${appSettings.key} = ${PAY_CALENDAR_SETTING}) as calendar,
      exists (select 1 from ${users}) as has_users`)) as unknown as {
    rows: { calendar: unknown; has_users: boolean }[];
  };
  const row = result.rows[0];
  if (!row) return;
  const stored = storedCalendarSchema.safeParse(
    typeof row.calendar === 'string' ? JSON.parse(row.calendar) : row.calendar,
  );
  if (stored.success) {
    pay.calendar = stored.data;
    pay.followsSetup = false;
  } else if (row.has_users) {
    pay.followsSetup = false;
  }
}
