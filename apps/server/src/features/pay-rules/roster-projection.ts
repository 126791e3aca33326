// What a roster week would cost (#30 item 2): each person's planned minutes (drafts included,
// deleted shifts left out, their template's shifts on days without a roster shift), the overtime
// those minutes would earn under the rule set in force for them (the timesheet's own engine), and
// the labour cost at their hourly rates (the payroll's pay codes and rounding).
import type { RosterProjection } from '@punchclock/shared/contracts/rosters';
import { amountCents, dayPayCodeMinutes, PAY_CODES } from '@punchclock/shared/domain/pay/pay-codes';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../people/index.ts';
import { rateOnFrom, readRatesOfPeople } from '../pay-settings/index.ts';
import { paidMinutesOf, readWeekPlan, type WeekPlan } from '../rosters/index.ts';
import { ruledOvertimeFrom, ruleSetResolversFor } from './ruled-overtime.ts';

/** Each person's planned paid minutes per date of the week. */
function plannedMinutes(plan: WeekPlan, timeZone: string): Map<string, number[]> {
  const byPerson = new Map<string, number[]>(
    plan.people.map((person) => [person.userId, plan.days.map(() => 0)]),
  );
  const add = (userId: string, date: string, minutes: number) => {
    const index = plan.days.indexOf(date);
    const days = byPerson.get(userId);
    if (days && index >= 0) days[index] = (days[index] ?? 0) + minutes;
  };
  for (const shift of plan.shifts) {
    if (shift.userId && !shift.isDeleted)
      add(shift.userId, shift.date, paidMinutesOf(shift, timeZone));
  }
  for (const shift of plan.templateShifts) add(shift.userId, shift.date, shift.paidMinutes);
  return byPerson;
}

/** GET /api/roster/projection. */
export async function projectRosterWeek(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawQuery: unknown,
): Promise<RosterProjection> {
  const plan = await readWeekPlan(db, caller, rawQuery, config.timeZone);
  const { days } = plan;
  const from = days[0] ?? '';
  const to = days[6] ?? '';
  const minutes = plannedMinutes(plan, config.timeZone);
  const targets = plan.people.map((person) => ({ id: person.userId, teamId: person.teamId }));
  const resolverOf = await ruleSetResolversFor(db, config, targets);
  const ratesOf = await readRatesOfPeople(
    db,
    targets.map((target) => target.id),
  );
  const hasRates = targets.some((target) => ratesOf(target.id).length > 0);

  const dayMinutes = days.map(() => 0);
  const dayCosts: (number | null)[] = days.map(() => (hasRates ? 0 : null));
  const people = targets.map((target) => {
    const planned = minutes.get(target.id) ?? [];
    const worked = days.map((date, index) => ({ date, workedMinutes: planned[index] ?? 0 }));
    // Only planned minutes: no punches to round, no corrections.
    const ruled = ruledOvertimeFrom(config, resolverOf(target), from, to, {
      worked,
      punches: [],
      corrections: [],
      plans: [],
    });
    const rateOn = rateOnFrom(ratesOf(target.id));
    let overtimeMinutes = 0;
    let costCents: number | null = 0;
    for (const day of ruled.days) {
      const index = days.indexOf(day.date);
      if (index < 0) continue;
      overtimeMinutes += day.workedMinutes - day.regularMinutes;
      dayMinutes[index] = (dayMinutes[index] ?? 0) + day.workedMinutes;
      if (day.workedMinutes === 0) continue;
      const rate = rateOn(day.date);
      if (rate === null) {
        costCents = null;
        continue;
      }
      const byCode = dayPayCodeMinutes(day);
      const cost = PAY_CODES.reduce((sum, code) => sum + amountCents(code, byCode[code], rate), 0);
      if (costCents !== null) costCents += cost;
      dayCosts[index] = (dayCosts[index] ?? 0) + cost;
    }
    return {
      userId: target.id,
      scheduledMinutes: planned.reduce((sum, each) => sum + each, 0),
      overtimeMinutes,
      costCents: ratesOf(target.id).length > 0 ? costCents : null,
    };
  });
  return {
    hasRates,
    people,
    days: days.map((date, index) => ({
      date,
      scheduledMinutes: dayMinutes[index] ?? 0,
      costCents: dayCosts[index] ?? null,
    })),
  };
}
