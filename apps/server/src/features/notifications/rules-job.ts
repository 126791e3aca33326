import { sql } from 'drizzle-orm';
import {
  COPIED_TO_OVERSEERS,
  draftOverseerCopy,
  evaluateNotificationRules,
  type NotificationDraft,
  type NotificationRuleSettings,
} from '@punchclock/shared/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import { loadAttendanceSnapshot } from '../attendance-snapshot/index.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { insertDrafts } from '../notification-store/index.ts';

// Any constant; shared by every instance so only one evaluates the rules at a time.
const RULES_LOCK_KEY = 7_240_312;

/**
 * Evaluate the notification rules for everyone once (product §3's late, overbreak, warning and
 * shift_reminder types). Safe on any number of instances at once: one takes the lock, the
 * others skip; and (user, occasion) is unique, so nothing is raised twice even so.
 * Returns how many notifications were raised, or null when another instance held the lock.
 */
export async function runNotificationRules(
  db: Db,
  timeZone: string,
  settings: NotificationRuleSettings,
  now: Date = new Date(),
  /** After the run commits: the notifications it raised (each once, on one instance only). */
  onRaised?: (notificationIds: string[]) => Promise<void>,
): Promise<number | null> {
  const raised = await db.transaction(async (tx) => {
    // Both drivers return { rows } from execute; the generic type does not say so.
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RULES_LOCK_KEY}) as ok`,
    )) as unknown as { rows: { ok: boolean }[] };
    if (!locked.rows[0]?.ok) return null;

    // Only the people with a shift or a punch since yesterday (and the admins, who oversee
    // them): a run's cost follows the day's attendance, not the head count or the history.
    const { today, people } = await loadAttendanceSnapshot(tx, timeZone, now, { onlyBusy: true });
    const adminIds = people
      .filter((person) => person.role === 'admin')
      .map((person) => person.userId);
    // Each is stored as a message key and values, worded in its reader's language when read.
    const drafts: NotificationDraft[] = [];
    for (const person of people) {
      if (person.shifts.length === 0 && person.events.length === 0) continue;
      for (const draft of evaluateNotificationRules(person, now, today, timeZone, settings)) {
        drafts.push(draft);
        if (!COPIED_TO_OVERSEERS.has(draft.type)) continue;
        // Admins oversee everyone; a team lead, their own team (if active).
        const overseerIds = new Set(adminIds);
        if (person.teamLeadId && person.teamLeadActive) overseerIds.add(person.teamLeadId);
        overseerIds.delete(person.userId);
        for (const overseerId of overseerIds) {
          drafts.push(draftOverseerCopy(draft, overseerId, person.name));
        }
      }
    }

    const inserted = await insertDrafts(tx, drafts);
    for (const userId of new Set(inserted.map((row) => row.userId))) {
      await notifyLive(tx, userId, 'notifications');
    }
    return inserted.map((row) => row.id);
  });
  if (raised === null) return null;
  if (onRaised && raised.length > 0) await onRaised(raised);
  return raised.length;
}
