import { t } from '@lingui/core/macro';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { RuleAssignment, RuleSetValues } from '@punchclock/shared/contracts/pay-rules';
import type { DatedAssignment } from '@punchclock/shared/domain/pay/rule-assignments';
import type { Db } from '../../db/client.ts';
import { dayMetrics, overtimeRuleAssignments, overtimeRuleSets, teams } from '../../db/schema.ts';
import { personNameOf } from '../people/index.ts';

/** The organisation default's target key (team and user null). */
export const ORGANISATION_KEY = 'organisation';

const ruleSetColumns = {
  id: overtimeRuleSets.id,
  name: overtimeRuleSets.name,
  weeklyThresholdMinutes: overtimeRuleSets.weeklyThresholdMinutes,
  weeklyMultiplier: overtimeRuleSets.weeklyMultiplier,
  dailyTiers: overtimeRuleSets.dailyTiers,
  averaging: overtimeRuleSets.averaging,
  bankToil: overtimeRuleSets.bankToil,
  toilExpiryMonths: overtimeRuleSets.toilExpiryMonths,
  rounding: overtimeRuleSets.rounding,
  weeklyRest: overtimeRuleSets.weeklyRest,
  firstEffectiveDate: sql<
    string | null
  >`(select min(a.effective_from)::text from ${overtimeRuleAssignments} a where a.rule_set_id = "overtime_rule_sets"."id")`,
};

export type RuleSetRow = Awaited<ReturnType<typeof listRuleSetRows>>[number];

export function listRuleSetRows(db: Db, ids?: string[]) {
  return db
    .select(ruleSetColumns)
    .from(overtimeRuleSets)
    .where(ids ? inArray(overtimeRuleSets.id, ids) : undefined)
    .orderBy(asc(sql`lower(${overtimeRuleSets.name})`));
}

export async function findRuleSetRow(db: Db, id: string): Promise<RuleSetRow | null> {
  const [row] = await listRuleSetRows(db, [id]);
  return row ?? null;
}

export async function insertRuleSet(db: Db, values: RuleSetValues): Promise<string> {
  const [row] = await db
    .insert(overtimeRuleSets)
    .values({ ...values, averaging: values.averaging ?? null })
    .returning({ id: overtimeRuleSets.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateRuleSetRecord(db: Db, id: string, values: RuleSetValues) {
  await db
    .update(overtimeRuleSets)
    .set({ ...values, averaging: values.averaging ?? null, updatedAt: sql`now()` })
    .where(eq(overtimeRuleSets.id, id));
}

/** Serialises rule-set edits against assignments that would make the set effective. */
export async function lockRuleSet(db: Db, id: string): Promise<void> {
  await db.execute(sql`select id from ${overtimeRuleSets} where id = ${id} for update`);
}

export interface AssignmentValues {
  ruleSetId: string;
  teamId: string | null;
  userId: string | null;
  targetKey: string;
  effectiveFrom: string;
  createdBy: string | null;
}

export async function insertAssignment(db: Db, values: AssignmentValues): Promise<string> {
  const [row] = await db
    .insert(overtimeRuleAssignments)
    .values(values)
    .returning({ id: overtimeRuleAssignments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The assignment of a target on exactly that date, if one exists. */
export async function findAssignmentOn(db: Db, targetKey: string, effectiveFrom: string) {
  const [row] = await db
    .select({ id: overtimeRuleAssignments.id, ruleSetName: overtimeRuleSets.name })
    .from(overtimeRuleAssignments)
    .innerJoin(overtimeRuleSets, eq(overtimeRuleSets.id, overtimeRuleAssignments.ruleSetId))
    .where(
      and(
        eq(overtimeRuleAssignments.targetKey, targetKey),
        eq(overtimeRuleAssignments.effectiveFrom, effectiveFrom),
      ),
    );
  return row ?? null;
}

/**
 * Assignments with names, by target and date; filtered to what was assigned to one team or one
 * person itself (not what reaches them from their team or the organisation).
 */
export async function listAssignmentRows(
  db: Db,
  filter: { teamId?: string | undefined; userId?: string | undefined; ids?: string[] } = {},
): Promise<RuleAssignment[]> {
  const rows = await db
    .select({
      id: overtimeRuleAssignments.id,
      ruleSetId: overtimeRuleAssignments.ruleSetId,
      ruleSetName: overtimeRuleSets.name,
      teamId: overtimeRuleAssignments.teamId,
      teamName: teams.name,
      userId: overtimeRuleAssignments.userId,
      personName: personNameOf(overtimeRuleAssignments.userId),
      targetKey: overtimeRuleAssignments.targetKey,
      effectiveFrom: overtimeRuleAssignments.effectiveFrom,
      createdByName: personNameOf(overtimeRuleAssignments.createdBy),
      createdAt: overtimeRuleAssignments.createdAt,
      supersededFrom: sql<string | null>`(select min(n.effective_from)::text
        from ${overtimeRuleAssignments} n
        where n.target_key = ${overtimeRuleAssignments.targetKey}
          and n.effective_from > ${overtimeRuleAssignments.effectiveFrom})`,
    })
    .from(overtimeRuleAssignments)
    .innerJoin(overtimeRuleSets, eq(overtimeRuleSets.id, overtimeRuleAssignments.ruleSetId))
    .leftJoin(teams, eq(teams.id, overtimeRuleAssignments.teamId))
    .where(
      and(
        filter.teamId ? eq(overtimeRuleAssignments.teamId, filter.teamId) : undefined,
        filter.userId ? eq(overtimeRuleAssignments.userId, filter.userId) : undefined,
        filter.ids ? inArray(overtimeRuleAssignments.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(overtimeRuleAssignments.targetKey), asc(overtimeRuleAssignments.effectiveFrom));
  return rows.map((row) => ({
    id: row.id,
    ruleSetId: row.ruleSetId,
    ruleSetName: row.ruleSetName,
    target: row.teamId
      ? { kind: 'team' as const, id: row.teamId, name: row.teamName }
      : row.userId
        ? { kind: 'person' as const, id: row.userId, name: row.personName }
        : { kind: 'organisation' as const, id: null, name: t`Organisation` },
    effectiveFrom: row.effectiveFrom,
    supersededFrom: row.supersededFrom,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A person an assignment may concern: their own, their team's, the organisation's. */
export interface AssignedPerson {
  id: string;
  teamId: string | null;
}

/**
 * The assignments that concern some people (their own, their teams', the organisation's), in
 * one read: `(person) => that person's`.
 */
export async function listAssignmentsConcerning(
  db: Db,
  people: readonly AssignedPerson[],
): Promise<(person: AssignedPerson) => DatedAssignment[]> {
  const userIds = people.map((person) => person.id);
  const teamIds = [...new Set(people.flatMap((person) => (person.teamId ? [person.teamId] : [])))];
  const rows =
    people.length === 0
      ? []
      : await db
          .select({
            ruleSetId: overtimeRuleAssignments.ruleSetId,
            teamId: overtimeRuleAssignments.teamId,
            userId: overtimeRuleAssignments.userId,
            effectiveFrom: overtimeRuleAssignments.effectiveFrom,
          })
          .from(overtimeRuleAssignments)
          .where(
            or(
              inArray(overtimeRuleAssignments.userId, userIds),
              teamIds.length > 0 ? inArray(overtimeRuleAssignments.teamId, teamIds) : undefined,
              and(isNull(overtimeRuleAssignments.teamId), isNull(overtimeRuleAssignments.userId)),
            ),
          );
  return (person) =>
    rows
      .filter((row) =>
        row.userId ? row.userId === person.id : row.teamId ? row.teamId === person.teamId : true,
      )
      .map((row) => ({
        level: row.userId ? 'person' : row.teamId ? 'team' : 'organisation',
        ruleSetId: row.ruleSetId,
        effectiveFrom: row.effectiveFrom,
      }));
}

/** Every assignment, as the dated form rule-assignments.ts reads, with its team or person. */
export async function listAllDatedAssignments(db: Db) {
  const rows = await db
    .select({
      ruleSetId: overtimeRuleAssignments.ruleSetId,
      teamId: overtimeRuleAssignments.teamId,
      userId: overtimeRuleAssignments.userId,
      effectiveFrom: overtimeRuleAssignments.effectiveFrom,
    })
    .from(overtimeRuleAssignments);
  return rows.map((row) => ({
    ...row,
    level: (row.userId
      ? 'person'
      : row.teamId
        ? 'team'
        : 'organisation') as DatedAssignment['level'],
  }));
}

/**
 * Time off in lieu taken per date up to asOf: the stored day figures' paid leave whose pay code
 * is TOIL-TAKEN (the reports' recompute files approved leave with its type's code).
 */
export async function listToilTaken(db: Db, userId: string, asOf: string) {
  const rows = await db
    .select({ date: dayMetrics.date, minutes: dayMetrics.paidLeaveMinutes })
    .from(dayMetrics)
    .where(
      and(
        eq(dayMetrics.userId, userId),
        eq(dayMetrics.leavePayCode, 'TOIL-TAKEN'),
        lte(dayMetrics.date, asOf),
        gt(dayMetrics.paidLeaveMinutes, 0),
      ),
    )
    .orderBy(asc(dayMetrics.date));
  return new Map(rows.map((row) => [row.date, row.minutes]));
}
