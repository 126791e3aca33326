// Publishing a roster week (#30 item 3, decision 0047): every unpublished change of the week the
// caller plans becomes what people see, in one transaction, or nothing does when a shift breaks a
// rule no override lets pass. Each person whose plan changed is told what changed (in the app, by
// email and push where they have them on), their days are recomputed, and the roster.published
// webhook goes out (the audit row feeds the outbox).
import { randomUUID } from 'node:crypto';
import { plural, t } from '@lingui/core/macro';
import {
  publishRosterRequestSchema,
  type Shift,
  type ShiftConflict,
} from '@punchclock/shared/contracts/rosters';
import {
  notificationMessage,
  renderNotification,
} from '@punchclock/shared/domain/notification-messages';
import { refusingConflicts } from '@punchclock/shared/domain/roster/conflicts';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, isUniqueViolation, parseInput } from '../../platform/errors.ts';
import { withLocale } from '../../platform/i18n.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { markDaysStale } from '../day-metrics-queue/index.ts';
import {
  findLanguages,
  insertDrafts,
  listNotificationsByIds,
} from '../notification-store/index.ts';
import type { Actor, Caller } from '../people/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';
import { sendPushes, type PushSettings } from '../push/index.ts';
import {
  announceRosterChanged,
  assertPlansTeam,
  assertRosterDate,
  plannerScopeOf,
} from './planners.ts';
import {
  deletePublishedShifts,
  deleteShiftRow,
  findShift,
  insertPublishedShifts,
  listShifts,
  lockShifts,
  shiftStateOf,
  type PublishedShiftRow,
  type ShiftRow,
} from './repository.ts';
import { toShifts } from './shift-view.ts';
import { voidLiveTrades } from './trades-repository.ts';

/** What a publish changed for a person (or for nobody: an open shift), as the webhook says it. */
export interface RosterChange {
  userId: string | null;
  shiftId: string;
  change: 'added' | 'changed' | 'removed';
  date: string;
}

/** The changes publishing these shifts makes to what people see. */
export function changesOf(rows: readonly ShiftRow[]): RosterChange[] {
  return rows.flatMap((row): RosterChange[] => {
    const before = row.published;
    const shiftId = row.id;
    if (!before) return [{ userId: row.userId, shiftId, change: 'added', date: row.date }];
    const removed: RosterChange = {
      userId: before.userId,
      shiftId,
      change: 'removed',
      date: before.date,
    };
    if (row.isDeleted) return [removed];
    if (before.userId !== row.userId) {
      return [removed, { userId: row.userId, shiftId, change: 'added', date: row.date }];
    }
    return [{ userId: row.userId, shiftId, change: 'changed', date: row.date }];
  });
}

/** The published row a board shift becomes. */
function publishedRowOf(row: ShiftRow): PublishedShiftRow {
  return {
    id: row.id,
    userId: row.userId,
    teamId: row.teamId,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    lunchStart: row.lunchStart,
    lunchEnd: row.lunchEnd,
    breakDurationMins: row.breakDurationMins,
    position: row.position,
    note: row.note,
    version: row.version,
  };
}

const SHOWN_PROBLEMS = 10;

/** The refusal: who, which day, and why, for every shift that may not be published as it is. */
function blockedMessage(blocked: { shift: Shift; conflicts: ShiftConflict[] }[]): string {
  const lines = blocked.slice(0, SHOWN_PROBLEMS).map(({ shift, conflicts }) => {
    const name = shift.userName ?? t`Someone`;
    const day = formatBusinessDateLong(shift.date);
    const reasons = conflicts.map((conflict) => conflict.message).join('; ');
    return t`${name} on ${day}: ${reasons}`;
  });
  const more = blocked.length - SHOWN_PROBLEMS;
  if (more > 0) lines.push(plural(more, { one: 'and # more shift', other: 'and # more shifts' }));
  const problems = lines.join('. ');
  return t`Nothing was published. Fix these shifts first, or give a reason to let a rule pass where one may: ${problems}.`;
}

/** Everyone told, per person: shifts added or changed, and shifts removed. */
function countsByPerson(changes: readonly RosterChange[]) {
  const counts = new Map<string, { count: number; removed: number }>();
  for (const change of changes) {
    if (!change.userId) continue;
    const entry = counts.get(change.userId) ?? { count: 0, removed: 0 };
    if (change.change === 'removed') entry.removed += 1;
    else entry.count += 1;
    counts.set(change.userId, entry);
  }
  return counts;
}

/** Each person's dates whose published plan changes: a moved shift's old day and its new one. */
function staleDaysOf(rows: readonly ShiftRow[]): Map<string, Set<string>> {
  const days = new Map<string, Set<string>>();
  const add = (userId: string | null, date: string) => {
    if (userId) days.set(userId, (days.get(userId) ?? new Set()).add(date));
  };
  for (const row of rows) {
    if (row.published) add(row.published.userId, row.published.date);
    if (!row.isDeleted) add(row.userId, row.date);
  }
  return days;
}

export interface PublishSettings {
  timeZone: string;
  push: PushSettings;
}

/**
 * POST /api/roster/publish: every draft, changed and deleted shift of the week the caller plans
 * (of one team when asked), or a 409 naming each shift that breaks a rule without an override.
 */
export async function publishRoster(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  settings: PublishSettings,
): Promise<{ published: number; notified: number }> {
  const input = parseInput(publishRosterRequestSchema, rawInput);
  assertRosterDate(input.weekStart);
  const days = getWeekDates(input.weekStart);
  const weekStart = days[0] ?? input.weekStart;
  const week = { from: weekStart, to: days[6] ?? weekStart, teamId: input.teamId };
  const outcome = await db
    .transaction(async (tx) => {
      const scope = await plannerScopeOf(tx, caller);
      if (input.teamId) assertPlansTeam(scope, input.teamId);
      const unpublished = (rows: ShiftRow[]) =>
        rows.filter((row) => shiftStateOf(row) !== 'published');
      const seen = unpublished(await listShifts(tx, { ...week, scope }));
      if (seen.length === 0) return { published: 0, notified: 0, notificationIds: [] };
      // Read again once locked: an edit committed meanwhile is published as it now is.
      await lockShifts(
        tx,
        seen.map((row) => row.id),
      );
      const rows = unpublished(await listShifts(tx, { ...week, scope }));

      const views = await toShifts(
        tx,
        rows.filter((row) => !row.isDeleted),
        settings.timeZone,
      );
      const blocked = views.flatMap((shift) => {
        const conflicts = refusingConflicts(shift.conflicts, {
          hasOverride: shift.overrideReason !== null,
        });
        return conflicts.length > 0 ? [{ shift, conflicts }] : [];
      });
      if (blocked.length > 0) throw new Conflict(blockedMessage(blocked), 'roster_conflicts');

      const changes = changesOf(rows);
      const dates = changes.map((change) => change.date).sort();
      // What people are scheduled for feeds pay (grace rounding, scheduled hours): a locked
      // period's plan stays as it was, like its punches.
      await assertPayNotLocked(tx, dates[0] ?? weekStart, dates.at(-1) ?? weekStart);

      // A claim, swap or drop waiting on a shift that changes now is void: what it asked for is
      // gone. The people in it are told; the trade row (of a deleted shift: its audit) remains.
      const publishedDates = new Map(
        rows.flatMap((row) => (row.published ? [[row.id, row.published.date] as const] : [])),
      );
      const voided = await voidLiveTrades(
        tx,
        [...publishedDates.keys()],
        t`The shift was changed on the roster`,
      );
      for (const trade of voided) {
        await writeAudit(tx, {
          actorId: actor.actorId,
          action: 'shift_trade.cancel',
          entityType: 'shift_trade',
          entityId: trade.id,
          after: { status: 'cancelled', reason: 'shift_changed' },
          meta: actor.meta,
        });
      }

      // Published rows are replaced, not updated: a person's shifts may swap days in one publish.
      await deletePublishedShifts(
        tx,
        rows.flatMap((row) => (row.published ? [row.id] : [])),
      );
      for (const row of rows.filter((each) => each.isDeleted)) await deleteShiftRow(tx, row.id);
      await insertPublishedShifts(
        tx,
        rows.filter((row) => !row.isDeleted).map(publishedRowOf),
        actor.actorId,
      );

      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'roster.publish',
        entityType: 'roster_week',
        entityId: randomUUID(),
        after: { weekStart, teamId: input.teamId ?? null, changes },
        meta: actor.meta,
      });

      const people = countsByPerson(changes);
      const occasion = randomUUID();
      const inserted = await insertDrafts(tx, [
        ...[...people].map(([userId, { count, removed }]) => ({
          userId,
          subjectUserId: userId,
          type: 'info' as const,
          occasionKey: `roster:${weekStart}:${occasion}`,
          ...notificationMessage('roster.published', { weekStart, count, removed }),
        })),
        ...voided.flatMap((trade) =>
          [trade.userId, trade.takerId].flatMap((userId) =>
            userId
              ? [
                  {
                    userId,
                    subjectUserId: userId,
                    type: 'info' as const,
                    occasionKey: `shift_trade:${trade.id}:voided`,
                    ...notificationMessage('shift_trade.voided', {
                      date: publishedDates.get(trade.shiftId) ?? weekStart,
                    }),
                  },
                ]
              : [],
          ),
        ),
      ]);
      for (const [userId, changed] of staleDaysOf(rows)) {
        for (const date of changed) await markDaysStale(tx, userId, date, date);
      }
      const told = new Set([
        ...people.keys(),
        ...voided.flatMap((trade) =>
          trade.takerId ? [trade.userId, trade.takerId] : [trade.userId],
        ),
      ]);
      for (const userId of told) {
        await notifyLive(tx, userId, 'notifications');
        await notifyLive(tx, userId, 'roster');
      }
      await announceRosterChanged(tx);
      return {
        published: rows.length,
        notified: people.size,
        notificationIds: inserted.map((row) => row.id),
      };
    })
    .catch((error: unknown) => {
      // Someone's published shift that this publish does not replace holds the day (a deleted
      // shift of another team left unpublished, say): publish that team too, or all at once.
      if (isUniqueViolation(error)) {
        throw new Conflict(
          t`Someone already has a published shift on one of these days that this publish does not replace: publish every team of the week together`,
          'roster_day_taken',
        );
      }
      throw error;
    });
  await pushNotifications(db, settings.push, outcome.notificationIds);
  return { published: outcome.published, notified: outcome.notified };
}

/**
 * Publish some shifts as they now stand on the board, at once and without a roster publish's
 * checks, audit or notifications (the caller has its own: an approved trade, say). Deleted ones
 * go away; each person's days whose published plan changes are queued for recompute. Call in
 * the caller's transaction, with the shifts locked (lockShift).
 */
export async function publishShiftsNow(
  db: Db,
  shiftIds: readonly string[],
  publishedBy: string | null,
): Promise<RosterChange[]> {
  const rows: ShiftRow[] = [];
  for (const id of shiftIds) {
    const row = await findShift(db, id);
    if (row) rows.push(row);
  }
  await deletePublishedShifts(
    db,
    rows.flatMap((row) => (row.published ? [row.id] : [])),
  );
  for (const row of rows.filter((each) => each.isDeleted)) await deleteShiftRow(db, row.id);
  await insertPublishedShifts(
    db,
    rows.filter((row) => !row.isDeleted).map(publishedRowOf),
    publishedBy,
  );
  for (const [userId, changed] of staleDaysOf(rows)) {
    for (const date of changed) await markDaysStale(db, userId, date, date);
    await notifyLive(db, userId, 'roster');
  }
  return changesOf(rows);
}

/**
 * The new notifications as pushes to the devices their people turned reminders on for, in each
 * person's language, once the publish has committed. A push that fails is not retried: the
 * notification stays in the app (and the email goes out from its outbox).
 */
async function pushNotifications(db: Db, settings: PushSettings, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    const rows = await listNotificationsByIds(db, ids);
    const languages = await findLanguages(
      db,
      rows.map((row) => row.userId),
    );
    await sendPushes(
      db,
      settings,
      rows.map((row) => {
        const { title, message } = withLocale(languages.get(row.userId), () =>
          renderNotification(row),
        );
        return { userId: row.userId, payload: { title, body: message, url: '/schedules' } };
      }),
    );
  } catch {
    // Best effort, as above.
  }
}
