// Allowances in force: what an admin set (a person's own, else their team's default), never
// below Ontario's vacation minimum for types that carry it (issue #14, item 5; decision 0016).
import { t } from '@lingui/core/macro';
import { asc, eq, sql } from 'drizzle-orm';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { esaVacationMinimumX100 } from '@punchclock/shared/domain/pay/vacation';
import type { Db } from '../../db/client.ts';
import type { AllowancesOverview } from '@punchclock/shared/contracts/time-off';
import { profiles, teams, timeOffAllowances, users } from '../../db/schema.ts';
import { NotFound } from '../../platform/errors.ts';
import { findAllowances, listTimeOffTypes } from './repository.ts';

export interface PersonEmployment {
  teamId: string | null;
  /** The recorded hire date, else the day the account was made. */
  hireDate: string;
  hireDateIsRecorded: boolean;
}

export async function employmentOf(
  db: Db,
  userId: string,
  timeZone: string,
): Promise<PersonEmployment> {
  const [row] = await db
    .select({ teamId: profiles.teamId, hireDate: profiles.hireDate, createdAt: users.createdAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new NotFound(t`No such person`);
  return {
    teamId: row.teamId,
    hireDate: row.hireDate ?? toBusinessDate(row.createdAt, timeZone),
    hireDateIsRecorded: row.hireDate !== null,
  };
}

/** The statutory floor of one type for one person and year (0 for types without one). */
export function minimumAllowanceX100(
  type: { isStatutoryVacation: boolean },
  employment: PersonEmployment,
  year: number,
): number {
  return type.isStatutoryVacation ? esaVacationMinimumX100(employment.hireDate, year) : 0;
}

/**
 * Days ×100 a person may take per type in a year: the allowance set for them or their team,
 * raised to the statutory minimum where the type has one (a team default of 10 days still
 * gives 15 to someone with 5 years, and a stub-year minimum never lowers a team's default).
 */
export async function allowancesInForce(
  db: Db,
  userId: string,
  year: number,
  types: readonly { id: string; isStatutoryVacation: boolean }[],
  timeZone: string,
): Promise<Map<string, number>> {
  const employment = await employmentOf(db, userId, timeZone);
  const configured = await findAllowances(db, userId, employment.teamId, year);
  return new Map(
    types.map((type) => [
      type.id,
      Math.max(configured.get(type.id) ?? 0, minimumAllowanceX100(type, employment, year)),
    ]),
  );
}

/** Every team's defaults and every person's allowances in force for a year (admin screen). */
export async function getAllowancesOverview(
  db: Db,
  year: number,
  timeZone: string,
): Promise<AllowancesOverview> {
  const [types, teamRows, people, setRows] = await Promise.all([
    listTimeOffTypes(db),
    db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.name)),
    db
      .select({
        userId: users.id,
        name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
        teamId: profiles.teamId,
        hireDate: profiles.hireDate,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .orderBy(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`),
    db.select().from(timeOffAllowances).where(eq(timeOffAllowances.year, year)),
  ]);
  const limited = types.filter((type) => !type.isUnlimited);
  const key = (owner: string, typeId: string) => `${owner}/${typeId}`;
  const set = new Map(
    setRows.map((row) => [key(row.userId ?? row.teamId ?? '', row.typeId), row.daysX100]),
  );
  return {
    year,
    types,
    teams: teamRows.map((team) => ({
      teamId: team.id,
      teamName: team.name,
      defaults: Object.fromEntries(
        limited.flatMap((type) => {
          const days = set.get(key(team.id, type.id));
          return days === undefined ? [] : [[type.id, days]];
        }),
      ),
    })),
    people: people.map((person) => {
      const employment: PersonEmployment = {
        teamId: person.teamId,
        hireDate: person.hireDate ?? toBusinessDate(person.createdAt, timeZone),
        hireDateIsRecorded: person.hireDate !== null,
      };
      return {
        userId: person.userId,
        name: person.name,
        teamId: person.teamId,
        hireDate: employment.hireDate,
        hireDateIsRecorded: employment.hireDateIsRecorded,
        allowances: limited.map((type) => {
          const own = set.get(key(person.userId, type.id)) ?? null;
          const team = person.teamId ? (set.get(key(person.teamId, type.id)) ?? null) : null;
          const minimum = minimumAllowanceX100(type, employment, year);
          return {
            typeId: type.id,
            ownX100: own,
            teamX100: team,
            minimumX100: minimum,
            inForceX100: Math.max(own ?? team ?? 0, minimum),
          };
        }),
      };
    }),
  };
}
