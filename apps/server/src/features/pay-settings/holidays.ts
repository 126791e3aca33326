// The admin-edited public holiday list (issue #14 §3): Ontario's computed list with an admin's
// additions and removals (domain/pay/holidays.ts merges them).
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  addPublicHolidaySchema,
  holidayYearQuerySchema,
  type PublicHolidayList,
  type PublicHolidayRow,
} from '@punchclock/shared/contracts/payroll';
import { isoDate } from '@punchclock/shared/contracts/common';
import {
  holidaysForYear,
  ontarioPublicHolidays,
  type HolidayListEdits,
  type PublicHoliday,
} from '@punchclock/shared/domain/pay/holidays';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, isUniqueViolation, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { ontarioHolidayOn, publicHolidayName } from './holiday-names.ts';
import { assertNotLocked } from '../period-locks/index.ts';
import {
  deleteHolidayEdit,
  findHolidayEdit,
  insertHolidayEdit,
  listHolidayEdits,
} from './repository.ts';

const dateParam = z.object({ date: isoDate });

/** The admin's edits in the domain's shape. */
export async function readHolidayEdits(db: Db): Promise<HolidayListEdits> {
  const rows = await listHolidayEdits(db);
  const unnamed = t`Public holiday`;
  return {
    added: rows
      .filter((row) => row.kind === 'added')
      .map((row) => ({ date: row.date, name: row.name ?? unnamed })),
    removed: rows.filter((row) => row.kind === 'removed').map((row) => row.date),
  };
}

/** Whether the merged list has a public holiday from `from` to `to` (inclusive). */
export async function hasPublicHolidayBetween(db: Db, from: string, to: string): Promise<boolean> {
  const edits = await readHolidayEdits(db);
  // Ontario's list starts with the Gregorian calendar, as in holidayLookup.
  const firstYear = Math.max(1583, Number(from.slice(0, 4)));
  for (let year = firstYear; year <= Number(to.slice(0, 4)); year += 1) {
    if (holidaysForYear(year, edits).some((day) => from <= day.date && day.date <= to)) return true;
  }
  return false;
}

/**
 * The merged list, cached per year for one computation: `(date) => holiday or null`. Read the
 * edits once per timesheet or export.
 */
export function holidayLookup(edits: HolidayListEdits): (date: string) => PublicHoliday | null {
  const byYear = new Map<number, Map<string, PublicHoliday>>();
  return (date) => {
    const year = Number(date.slice(0, 4));
    let days = byYear.get(year);
    if (!days) {
      // Ontario's list starts with the Gregorian calendar; no holidays before it.
      const list = year >= 1583 ? holidaysForYear(year, edits) : [];
      days = new Map(list.map((holiday) => [holiday.date, holiday]));
      byYear.set(year, days);
    }
    return days.get(date) ?? null;
  };
}

export async function listHolidayYear(db: Db, rawQuery: unknown): Promise<PublicHolidayList> {
  const { year } = parseInput(holidayYearQuerySchema, rawQuery);
  const edits = await readHolidayEdits(db);
  const removed = new Set(edits.removed);
  const added = new Map(
    edits.added.filter((h) => h.date.startsWith(`${year}-`)).map((h) => [h.date, h]),
  );
  const rows: PublicHolidayRow[] = ontarioPublicHolidays(year).map((holiday) => {
    const renamed = added.get(holiday.date);
    added.delete(holiday.date);
    return renamed
      ? { date: holiday.date, name: renamed.name, source: 'added', isRemoved: false }
      : {
          date: holiday.date,
          name: publicHolidayName(holiday),
          source: 'ontario',
          isRemoved: removed.has(holiday.date),
        };
  });
  for (const holiday of added.values())
    rows.push({ ...holiday, source: 'added', isRemoved: false });
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return { year, holidays: rows };
}

export async function addHoliday(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<PublicHolidayRow> {
  const input = parseInput(addPublicHolidaySchema, rawInput);
  return db
    .transaction(async (tx) => {
      const edit = await findHolidayEdit(tx, input.date);
      const ontario = ontarioHolidayOn(input.date);
      const date = input.date;
      if (edit?.kind === 'added' || (ontario && !edit)) {
        const name = String(edit?.name ?? (ontario && publicHolidayName(ontario)));
        throw new Conflict(t`${date} is already a public holiday (${name})`, 'duplicate_holiday');
      }
      if (edit?.kind === 'removed') {
        const name = ontario ? publicHolidayName(ontario) : t`a holiday`;
        throw new Conflict(t`${date} (${name}) was removed: restore it instead`, 'holiday_removed');
      }
      // A holiday changes the pay of its own day only (holiday pay is not regular wages).
      await assertNotLocked(tx, date, date);
      await insertHolidayEdit(tx, {
        date: input.date,
        kind: 'added',
        name: input.name,
        createdBy: actor.actorId,
      });
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'public_holiday.add',
        entityType: 'public_holiday',
        entityId: input.date,
        after: input,
        meta: actor.meta,
      });
      return { ...input, source: 'added' as const, isRemoved: false };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error)
        ? new Conflict(alreadyAHoliday(input.date), 'duplicate_holiday')
        : error;
    });
}

/** Remove a holiday: an added one is deleted; an Ontario one is marked removed (restorable). */
export async function removeHoliday(db: Db, rawParams: unknown, actor: Actor): Promise<void> {
  const { date } = parseInput(dateParam, rawParams);
  await db.transaction(async (tx) => {
    const edit = await findHolidayEdit(tx, date);
    const ontario = ontarioHolidayOn(date);
    if (edit?.kind === 'added' || (ontario && !edit)) await assertNotLocked(tx, date, date);
    if (edit?.kind === 'added') {
      await deleteHolidayEdit(tx, date);
    } else if (ontario && !edit) {
      await insertHolidayEdit(tx, { date, kind: 'removed', name: null, createdBy: actor.actorId });
    } else {
      throw new NotFound(t`There is no public holiday on ${date}`);
    }
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'public_holiday.remove',
      entityType: 'public_holiday',
      entityId: date,
      before: { date, name: edit?.name ?? ontario?.name ?? null },
      meta: actor.meta,
    });
  });
}

/** Put a removed Ontario holiday back. */
export async function restoreHoliday(db: Db, rawParams: unknown, actor: Actor): Promise<void> {
  const { date } = parseInput(dateParam, rawParams);
  await db.transaction(async (tx) => {
    const edit = await findHolidayEdit(tx, date);
    if (edit?.kind !== 'removed') throw new NotFound(t`No removed public holiday on ${date}`);
    await assertNotLocked(tx, date, date);
    await deleteHolidayEdit(tx, date);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'public_holiday.restore',
      entityType: 'public_holiday',
      entityId: date,
      after: { date, name: ontarioHolidayOn(date)?.name ?? null },
      meta: actor.meta,
    });
  });
}

function alreadyAHoliday(date: string): string {
  return t`${date} is already a public holiday`;
}
