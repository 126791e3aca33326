import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { select, t } from '@lingui/core/macro';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  allowanceInputSchema,
  createTimeOffRequestSchema,
  timeOffRequestsQuerySchema,
  timeOffTypeInputSchema,
  type MyTimeOffResponse,
  type TimeOffRequest,
  type TimeOffRequestsResponse,
} from '@punchclock/shared/contracts/time-off';
import { ESA_VACATION_DAYS_UNDER_FIVE_YEARS } from '@punchclock/shared/domain/pay/vacation';
import { formatDays, requestDaysX100 } from '@punchclock/shared/domain/time-off';
import type { Db } from '../../db/client.ts';
import { profiles, timeOffTypes } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { announceApprovalsChanged } from '../request-decisions/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';
import type { Actor, Caller } from '../people/index.ts';
import { teamScopeOf } from '../people/index.ts';
import { allowancesInForce, employmentOf, minimumAllowanceX100 } from './allowances.ts';
import { leaveTypeName, storedLeaveTypeName } from './type-names.ts';
import {
  findOverlappingRequests,
  findRequest,
  findTimeOffFacts,
  insertRequest,
  listApprovedRangesOfType,
  listRequests,
  listRequestsPage,
  listTimeOffTypes,
  sumDaysByType,
  updateRequestStatus,
  upsertAllowance,
} from './repository.ts';

/**
 * Everyone's requests overlapping a period, a page at a time: admins (and service tokens) see
 * all, a team lead their teams' people (the one team-lead scope rule).
 */
export async function listTimeOffRequests(
  db: Db,
  viewer: Caller,
  rawQuery: unknown,
): Promise<TimeOffRequestsResponse> {
  const query = parseInput(timeOffRequestsQuerySchema, rawQuery);
  const { requests, total } = await listRequestsPage(
    db,
    {
      from: query.from,
      to: query.to,
      status: query.status,
      userId: query.userId,
      teamIds: await teamScopeOf(db, viewer),
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { requests, total, page: query.page, pageSize: query.pageSize };
}

export async function getMyTimeOff(
  db: Db,
  userId: string,
  year: number,
  timeZone: string,
): Promise<MyTimeOffResponse> {
  const [types, sums, requests, employment] = await Promise.all([
    listTimeOffTypes(db),
    sumDaysByType(db, userId, year),
    listRequests(db, { userId }),
    employmentOf(db, userId, timeZone),
  ]);
  const allowances = await allowancesInForce(db, userId, year, types, timeZone);
  return {
    year,
    types,
    requests: requests.map(({ teamId: _team, ...request }) => request),
    balances: types.map((type) => {
      const sum = sums.find((row) => row.typeId === type.id);
      const allowance = type.isUnlimited ? null : (allowances.get(type.id) ?? 0);
      const used = sum?.usedX100 ?? 0;
      const pending = sum?.pendingX100 ?? 0;
      return {
        typeId: type.id,
        typeName: type.name,
        isUnlimited: type.isUnlimited,
        allowanceX100: allowance,
        minimumX100: type.isUnlimited ? 0 : minimumAllowanceX100(type, employment, year),
        usedX100: used,
        pendingX100: pending,
        remainingX100: allowance === null ? null : allowance - used - pending,
      };
    }),
  };
}

/**
 * Ask for time off: whole working days, or part of one day. Refused when it overlaps another
 * pending or approved request, falls in a locked period, or exceeds the balance (unless the
 * type is unlimited).
 */
export async function requestTimeOff(
  db: Db,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
  timeZone: string,
): Promise<TimeOffRequest> {
  const input = parseInput(createTimeOffRequestSchema, rawInput);
  const daysX100 = requestDaysX100(input);
  if (daysX100 <= 0) throw new Invalid(t`Those dates have no working days`);
  return db.transaction(async (tx) => {
    // One person's requests queue here, so two tabs cannot both spend the last day.
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${userId} for update`);
    const [type] = await tx.select().from(timeOffTypes).where(eq(timeOffTypes.id, input.typeId));
    if (!type || type.isArchived) throw new Invalid(t`Choose a type of time off`);
    await assertPayNotLocked(tx, input.startDate, input.endDate);
    const [clash] = await findOverlappingRequests(tx, userId, input.startDate, input.endDate);
    if (clash) {
      const { typeName, status } = clash;
      const startDate = formatBusinessDateLong(clash.startDate);
      const endDate = formatBusinessDateLong(clash.endDate);
      throw new Conflict(
        t`You already asked for ${typeName} from ${startDate} to ${endDate} (${select(status, {
          pending: 'pending',
          approved: 'approved',
          rejected: 'rejected',
          cancelled: 'cancelled',
          other: status,
        })})`,
        'time_off_overlap',
      );
    }
    if (!type.isUnlimited) {
      const year = Number(input.startDate.slice(0, 4));
      const allowance =
        (await allowancesInForce(tx, userId, year, [type], timeZone)).get(type.id) ?? 0;
      const sums = (await sumDaysByType(tx, userId, year)).find((row) => row.typeId === type.id);
      const remaining = allowance - (sums?.usedX100 ?? 0) - (sums?.pendingX100 ?? 0);
      if (daysX100 > remaining) {
        const needed = formatDays(daysX100);
        const left = formatDays(Math.max(0, remaining));
        const typeName = leaveTypeName(type.name);
        throw new Conflict(
          t`This request needs ${needed} but only ${left} of your ${typeName} allowance for ${year} remain`,
          'insufficient_balance',
        );
      }
    }
    const id = await insertRequest(tx, {
      userId,
      typeId: type.id,
      startDate: input.startDate,
      endDate: input.endDate,
      startTime: input.startTime,
      endTime: input.endTime,
      daysX100,
      note: input.note || null,
    });
    const created = await findRequest(tx, id);
    if (!created) throw new Error('created request not found');
    await writeAudit(tx, {
      actorId: userId,
      action: 'time_off.request',
      entityType: 'time_off_request',
      entityId: id,
      // The same facts as a decision or a cancellation (webhooks, decision 0041).
      after: await findTimeOffFacts(tx, id),
      meta,
    });
    await announceApprovalsChanged(tx);
    const { teamId: _team, ...request } = created;
    return request;
  });
}

/** The requester withdraws a request still waiting; a decided one stays as decided. */
export async function cancelTimeOff(
  db: Db,
  userId: string,
  rawId: string,
  meta: RequestMeta,
): Promise<void> {
  const id = parseInput(z.uuid(t`Request not found`), rawId);
  await db.transaction(async (tx) => {
    const request = await findRequest(tx, id, true);
    if (!request || request.userId !== userId) throw new NotFound(t`Request not found`);
    if (request.status !== 'pending') {
      const status = request.status;
      throw new Conflict(
        t`Only a pending request can be cancelled; this one is ${select(status, {
          approved: 'approved',
          rejected: 'rejected',
          cancelled: 'cancelled',
          other: status,
        })}`,
        'not_pending',
      );
    }
    await updateRequestStatus(tx, id, { status: 'cancelled' });
    await writeAudit(tx, {
      actorId: userId,
      action: 'time_off.cancel',
      entityType: 'time_off_request',
      entityId: id,
      before: { status: 'pending' },
      // The facts ride along for the timeoff.cancelled webhook (decision 0041).
      after: { ...(await findTimeOffFacts(tx, id)), status: 'cancelled' },
      meta,
    });
    await announceApprovalsChanged(tx);
  });
}

export async function saveTimeOffType(
  db: Db,
  rawId: string | null,
  rawInput: unknown,
  actor: Actor,
) {
  // An id that is not a uuid names no type (and PostgreSQL would refuse it in the lookup).
  const id = rawId === null ? null : parseInput(z.uuid(t`Type not found`), rawId);
  const given = parseInput(timeOffTypeInputSchema, rawInput);
  const input = { ...given, name: storedLeaveTypeName(given.name) };
  return db
    .transaction(async (tx) => {
      const [before] = id
        ? await tx.select().from(timeOffTypes).where(eq(timeOffTypes.id, id))
        : [];
      if (id && !before) throw new NotFound(t`Type not found`);
      // Paid or not, and the pay code, decide what its approved days pay: not in a locked period.
      const changesPay =
        before !== undefined &&
        (input.isPaid !== before.isPaid ||
          (input.payCode !== undefined && input.payCode !== before.payCode));
      if (changesPay) {
        for (const range of await listApprovedRangesOfType(tx, before.id)) {
          await assertPayNotLocked(tx, range.startDate, range.endDate);
        }
      }
      const [saved] = id
        ? await tx.update(timeOffTypes).set(input).where(eq(timeOffTypes.id, id)).returning()
        : await tx.insert(timeOffTypes).values(input).returning();
      if (!saved) throw new Error('saving a time off type returned no row');
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: id ? 'time_off_type.update' : 'time_off_type.create',
        entityType: 'time_off_type',
        entityId: saved.id,
        before: before ?? null,
        after: input,
        meta: actor.meta,
      });
      return { ...saved, name: leaveTypeName(saved.name) };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error)
        ? new Conflict(typeNameTaken(given.name), 'duplicate_name')
        : error;
    });
}

export async function setAllowance(
  db: Db,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<void> {
  const input = parseInput(allowanceInputSchema, rawInput);
  await db.transaction(async (tx) => {
    const daysX100 = Math.round(input.days * 100);
    const [type] = await tx.select().from(timeOffTypes).where(eq(timeOffTypes.id, input.typeId));
    if (!type) throw new Invalid(t`Choose a type of time off`);
    await assertNotBelowStatutoryMinimum(tx, type, { ...input, daysX100 }, timeZone);
    await upsertAllowance(tx, { ...input, daysX100 });
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'time_off_allowance.set',
      entityType: 'time_off_allowance',
      entityId: input.userId ?? input.teamId,
      after: {
        typeId: input.typeId,
        year: input.year,
        days: input.days,
        scope: input.userId ? 'person' : 'team',
      },
      meta: actor.meta,
    });
  });
}

/**
 * Ontario's vacation minimum is a floor no allowance may be set under: a person's own against
 * their minimum for that year (pro-rated in the hire year, 3 weeks from 5 years), a team's
 * default against the 2 weeks everyone past their first year is owed.
 */
async function assertNotBelowStatutoryMinimum(
  db: Db,
  type: { name: string; isStatutoryVacation: boolean },
  allowance: { userId: string | null; year: number; daysX100: number },
  timeZone: string,
): Promise<void> {
  if (!type.isStatutoryVacation) return;
  if (allowance.userId === null) {
    const minimum = ESA_VACATION_DAYS_UNDER_FIVE_YEARS * 100;
    if (allowance.daysX100 < minimum) {
      const typeName = leaveTypeName(type.name);
      const minimumText = formatDays(minimum);
      throw new Invalid(
        t`A team's ${typeName} default cannot be less than the Employment Standards Act minimum of ${minimumText} (2 weeks) a year; people with 5 years or more get at least 15 days whatever the default`,
      );
    }
    return;
  }
  const employment = await employmentOf(db, allowance.userId, timeZone);
  const minimum = minimumAllowanceX100(type, employment, allowance.year);
  if (allowance.daysX100 < minimum) {
    const typeName = leaveTypeName(type.name);
    const year = allowance.year;
    const minimumText = formatDays(minimum);
    const hireDate = employment.hireDate;
    throw new Invalid(
      t`${typeName} for ${year} cannot be less than the Employment Standards Act minimum of ${minimumText} for this person (hired ${hireDate})`,
    );
  }
}

function typeNameTaken(name: string): string {
  return t`A type named "${name}" already exists`;
}
