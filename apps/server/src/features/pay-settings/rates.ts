// Pay rates and employee numbers (issue #14 §6, §8): admin only, audited, integer cents.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  employeeNumberInputSchema,
  payRateInputSchema,
  type PayRate,
  type PayrollPerson,
} from '@punchclock/shared/contracts/payroll';
import { addDaysToDate } from '@punchclock/shared/domain/pay/pay-periods';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, isUniqueViolation, NotFound, parseInput } from '../../platform/errors.ts';
import { findUserSummaryById, type Actor } from '../people/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';
import {
  deleteRate,
  findEmployeeNumber,
  findPersonByEmployeeNumber,
  findRate,
  findRateFrom,
  insertRate,
  listAllRates,
  listPayrollPeopleRows,
  listRatesOf,
  listRatesOfPeople,
  updateEmployeeNumber,
} from './repository.ts';

/** A person's hourly rate on a date: the latest rate effective on or before it, else null. */
export function rateOnFrom(rates: readonly PayRate[]): (date: string) => number | null {
  const sorted = [...rates].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  return (date) => sorted.find((rate) => rate.effectiveFrom <= date)?.hourlyCents ?? null;
}

export async function readRatesOf(db: Db, userId: string): Promise<PayRate[]> {
  return listRatesOf(db, userId);
}

/** Some people's rates in one read: `(userId) => that person's`, oldest first. */
export async function readRatesOfPeople(
  db: Db,
  userIds: readonly string[],
): Promise<(userId: string) => PayRate[]> {
  const rates = userIds.length === 0 ? [] : await listRatesOfPeople(db, userIds);
  return (userId) => rates.filter((rate) => rate.userId === userId);
}

export async function listPayrollPeople(db: Db): Promise<PayrollPerson[]> {
  const [people, rates] = await Promise.all([listPayrollPeopleRows(db), listAllRates(db)]);
  return people.map((person) => ({
    ...person,
    employeeNumber: person.employeeNumber ?? null,
    rates: rates.filter((rate) => rate.userId === person.id),
  }));
}

/**
 * The dates a rate from `effectiveFrom` prices: until the day before the person's next rate, or
 * from then on. Adding or removing it changes their pay (docs/decisions/0038).
 */
async function assertRateNotLocked(db: Db, userId: string, effectiveFrom: string): Promise<void> {
  const later = (await listRatesOf(db, userId))
    .map((rate) => rate.effectiveFrom)
    .filter((date) => date > effectiveFrom)
    .sort();
  const until = later[0] ? addDaysToDate(later[0], -1) : '9998-12-31';
  await assertPayNotLocked(db, effectiveFrom, until);
}

export async function addRate(db: Db, rawInput: unknown, actor: Actor): Promise<PayRate> {
  const input = parseInput(payRateInputSchema, rawInput);
  const effectiveFrom = input.effectiveFrom;
  const duplicate = () =>
    new Conflict(
      t`This person already has a rate from ${effectiveFrom}: remove it first to change it`,
      'duplicate_rate',
    );
  return db
    .transaction(async (tx) => {
      if (!(await findUserSummaryById(tx, input.userId))) throw new NotFound(t`No such person`);
      if (await findRateFrom(tx, input.userId, input.effectiveFrom)) throw duplicate();
      await assertRateNotLocked(tx, input.userId, input.effectiveFrom);
      const saved = await insertRate(tx, { ...input, createdBy: actor.actorId });
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'pay_rate.create',
        entityType: 'pay_rate',
        entityId: saved.id,
        after: input,
        meta: actor.meta,
      });
      return saved;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
}

export async function removeRate(db: Db, rawId: string, actor: Actor): Promise<void> {
  const id = parseInput(z.uuid(t`Rate not found`), rawId);
  await db.transaction(async (tx) => {
    const before = await findRate(tx, id);
    if (!before) throw new NotFound(t`Rate not found`);
    await assertRateNotLocked(tx, before.userId, before.effectiveFrom);
    await deleteRate(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'pay_rate.delete',
      entityType: 'pay_rate',
      entityId: id,
      before,
      meta: actor.meta,
    });
  });
}

export async function setEmployeeNumber(
  db: Db,
  rawUserId: string,
  rawInput: unknown,
  actor: Actor,
): Promise<{ employeeNumber: string | null }> {
  const userId = parseInput(z.uuid(t`No such person`), rawUserId);
  const { employeeNumber } = parseInput(employeeNumberInputSchema, rawInput);
  return db.transaction(async (tx) => {
    const before = await findEmployeeNumber(tx, userId);
    if (!before) throw new NotFound(t`No such person`);
    if (employeeNumber !== null) {
      const holder = await findPersonByEmployeeNumber(tx, employeeNumber);
      if (holder && holder.id !== userId) {
        throw new Conflict(
          t`Employee number ${employeeNumber} belongs to someone else`,
          'duplicate',
        );
      }
    }
    await updateEmployeeNumber(tx, userId, employeeNumber);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'user.employee_number',
      entityType: 'user',
      entityId: userId,
      before,
      after: { employeeNumber },
      meta: actor.meta,
    });
    return { employeeNumber };
  });
}
