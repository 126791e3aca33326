// A person's own availability (#30 item 4): when they can work each week, and one-off exceptions.
// Unstated time is available; planners see it on the board (and may override it with a reason).
import { t } from '@lingui/core/macro';
import {
  availabilityExceptionInputSchema,
  weeklyAvailabilityInputSchema,
  type AvailabilityException,
  type AvailabilityResponse,
} from '@punchclock/shared/contracts/rosters';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import {
  deleteException,
  findException,
  insertException,
  listExceptions,
  listWeeklyRules,
  replaceWeeklyRules,
  type StoredException,
} from './availability-repository.ts';
import { isId } from './planners.ts';

const MAX_RANGES_A_DAY = 10;

const toContract = ({ userId: _userId, ...exception }: StoredException): AvailabilityException =>
  exception;

/** The caller's weekly pattern and their exceptions from today on. */
export async function getMyAvailability(
  db: Db,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<AvailabilityResponse> {
  const today = toBusinessDate(now, timeZone);
  const weekly = (await listWeeklyRules(db, [userId])).get(userId) ?? [];
  const exceptions = await listExceptions(db, [userId], today);
  return { weekly, exceptions: exceptions.map(toContract) };
}

export async function replaceMyWeeklyAvailability(
  db: Db,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
  timeZone: string,
): Promise<AvailabilityResponse> {
  const { rules } = parseInput(weeklyAvailabilityInputSchema, rawInput);
  for (let weekday = 0; weekday < 7; weekday += 1) {
    if (rules.filter((rule) => rule.weekday === weekday).length > MAX_RANGES_A_DAY) {
      throw new Invalid(t`Give at most 10 ranges a day`);
    }
  }
  await db.transaction(async (tx) => {
    const before = (await listWeeklyRules(tx, [userId])).get(userId) ?? [];
    await replaceWeeklyRules(tx, userId, rules);
    await writeAudit(tx, {
      actorId: userId,
      action: 'availability.update',
      entityType: 'user',
      entityId: userId,
      before: { rules: before },
      after: { rules },
      meta,
    });
  });
  return getMyAvailability(db, userId, timeZone);
}

function refusePast(date: string, today: string): void {
  if (date < today) {
    const day = formatBusinessDateLong(date);
    throw new Invalid(t`${day} is in the past: availability can be given from today on`);
  }
}

export async function addMyAvailabilityException(
  db: Db,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
  timeZone: string,
  now = new Date(),
): Promise<AvailabilityException> {
  const input = parseInput(availabilityExceptionInputSchema, rawInput);
  refusePast(input.date, toBusinessDate(now, timeZone));
  return db.transaction(async (tx) => {
    const values = { userId, ...input };
    const id = await insertException(tx, values);
    await writeAudit(tx, {
      actorId: userId,
      action: 'availability_exception.create',
      entityType: 'availability_exception',
      entityId: id,
      after: values,
      meta,
    });
    return toContract({ id, ...values });
  });
}

/** Remove one of the caller's own exceptions (another person's id names nothing). */
export async function removeMyAvailabilityException(
  db: Db,
  userId: string,
  id: string,
  meta: RequestMeta,
  timeZone: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const exception = isId(id) ? await findException(tx, id) : null;
    if (!exception || exception.userId !== userId) {
      throw new NotFound(t`Availability exception not found`);
    }
    refusePast(exception.date, toBusinessDate(now, timeZone));
    await deleteException(tx, id);
    await writeAudit(tx, {
      actorId: userId,
      action: 'availability_exception.delete',
      entityType: 'availability_exception',
      entityId: id,
      before: { ...exception },
      meta,
    });
  });
}
