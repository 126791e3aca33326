// Overtime rule sets and their effective-dated assignments: admin only, every change audited
// (issue #14, item 2; docs/decisions/0016).
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  assignmentInputSchema,
  listAssignmentsQuerySchema,
  ruleSetInputSchema,
  toilBalanceQuerySchema,
  type RuleAssignment,
  type RuleSet,
  type ToilBalance,
} from '@punchclock/shared/contracts/pay-rules';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { validateOvertimeRules } from '@punchclock/shared/domain/pay/overtime';
import { toilLedger } from '@punchclock/shared/domain/pay/toil';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import {
  assertCanSeePerson,
  findTeam,
  findUserSummaryById,
  type Actor,
  type Caller,
} from '../people/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';
import {
  findAssignmentOn,
  findRuleSetRow,
  insertAssignment,
  insertRuleSet,
  listAssignmentRows,
  listRuleSetRows,
  listToilTaken,
  lockRuleSet,
  ORGANISATION_KEY,
  updateRuleSetRecord,
  type RuleSetRow,
} from './repository.ts';
import { listToilEarned } from './ruled-overtime.ts';
import { warningsForRuleSets } from './rule-set-warnings.ts';

function toRuleSet(row: RuleSetRow, today: string, warnings: string[] = []): RuleSet {
  return {
    id: row.id,
    name: row.name,
    weeklyThresholdMinutes: row.weeklyThresholdMinutes,
    weeklyMultiplier: row.weeklyMultiplier,
    dailyTiers: row.dailyTiers,
    averaging: row.averaging ?? null,
    bankToil: row.bankToil,
    toilExpiryMonths: row.toilExpiryMonths,
    rounding: row.rounding,
    weeklyRest: row.weeklyRest,
    firstEffectiveDate: row.firstEffectiveDate,
    editable: row.firstEffectiveDate === null || row.firstEffectiveDate > today,
    warnings,
  };
}

/** The rule set as stored (what the audit records): without its state and warnings. */
const snapshot = ({ firstEffectiveDate: _f, editable: _e, warnings: _w, ...values }: RuleSet) =>
  values;

/** The rule set with its warnings, read in the same transaction that saved it. */
async function withWarnings(db: Db, ruleSet: RuleSet, row: RuleSetRow): Promise<RuleSet> {
  return { ...ruleSet, warnings: (await warningsForRuleSets(db, [row])).get(row.id) ?? [] };
}

const duplicateName = (name: string) =>
  new Conflict(t`A rule set named "${name}" already exists`, 'duplicate_rule_set');

/** The contract's checks, then the ones that need the organisation's work-week start day. */
function parseRuleSet(config: AppConfig, raw: unknown) {
  const input = parseInput(ruleSetInputSchema, raw);
  const [problem] = validateOvertimeRules(
    {
      weeklyThresholdMinutes: input.weeklyThresholdMinutes,
      ...(input.averaging ? { averaging: input.averaging } : {}),
    },
    config.pay.workWeekStart,
  );
  if (problem) throw new Invalid(problem);
  return input;
}

export async function listRuleSets(db: Db, config: AppConfig, now: Date): Promise<RuleSet[]> {
  const today = toBusinessDate(now, config.timeZone);
  const rows = await listRuleSetRows(db);
  const warnings = await warningsForRuleSets(db, rows);
  return rows.map((row) => toRuleSet(row, today, warnings.get(row.id)));
}

async function requireRuleSet(db: Db, rawId: string): Promise<RuleSetRow> {
  const id = z.uuid().safeParse(rawId);
  const row = id.success ? await findRuleSetRow(db, id.data) : null;
  if (!row) throw new NotFound(t`Rule set not found`);
  return row;
}

export async function createRuleSet(
  db: Db,
  config: AppConfig,
  raw: unknown,
  actor: Actor,
  now: Date,
): Promise<RuleSet> {
  const input = parseRuleSet(config, raw);
  const today = toBusinessDate(now, config.timeZone);
  return db
    .transaction(async (tx) => {
      const id = await insertRuleSet(tx, input);
      const row = await requireRuleSet(tx, id);
      const ruleSet = toRuleSet(row, today);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'pay_rule_set.create',
        entityType: 'pay_rule_set',
        entityId: id,
        after: snapshot(ruleSet),
        meta: actor.meta,
      });
      return withWarnings(tx, ruleSet, row);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateName(input.name) : error;
    });
}

/**
 * Edit a rule set that is not in force yet. Once an assignment has made it effective (today or
 * earlier), timesheets have used it: a change from a date is a new rule set assigned from then.
 */
export async function updateRuleSet(
  db: Db,
  config: AppConfig,
  id: string,
  raw: unknown,
  actor: Actor,
  now: Date,
): Promise<RuleSet> {
  const input = parseRuleSet(config, raw);
  const today = toBusinessDate(now, config.timeZone);
  return db
    .transaction(async (tx) => {
      const row = await requireRuleSet(tx, id);
      await lockRuleSet(tx, row.id);
      const before = toRuleSet((await findRuleSetRow(tx, row.id)) ?? row, today);
      if (!before.editable) {
        const name = before.name;
        const firstEffectiveDate = String(before.firstEffectiveDate);
        throw new Conflict(
          t`"${name}" has been in force since ${firstEffectiveDate}, so timesheets use it and it cannot change. Create a new rule set and assign it from the date the change applies.`,
          'rule_set_in_force',
        );
      }
      await updateRuleSetRecord(tx, row.id, input);
      const afterRow = await requireRuleSet(tx, row.id);
      const after = toRuleSet(afterRow, today);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'pay_rule_set.update',
        entityType: 'pay_rule_set',
        entityId: row.id,
        before: snapshot(before),
        after: snapshot(after),
        meta: actor.meta,
      });
      return withWarnings(tx, after, afterRow);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateName(input.name) : error;
    });
}

export function listAssignments(db: Db, rawQuery: unknown): Promise<RuleAssignment[]> {
  const query = parseInput(listAssignmentsQuerySchema, rawQuery);
  return listAssignmentRows(db, query);
}

/**
 * A rule set applies to the organisation, a team or a person from a date, superseding that
 * target's earlier assignment from then on (which stays, as history). One target has at most one
 * assignment per date, and none may start inside or before a locked pay period.
 */
export async function createAssignment(
  db: Db,
  raw: unknown,
  actor: Actor,
): Promise<RuleAssignment> {
  const input = parseInput(assignmentInputSchema, raw);
  const { target, effectiveFrom } = input;
  let targetKey = ORGANISATION_KEY;
  let targetName = t`The organisation`;
  if (target.kind === 'team') {
    const team = await findTeam(db, target.teamId);
    if (!team) throw new Invalid(t`Unknown team`);
    targetKey = team.id;
    targetName = team.name;
  } else if (target.kind === 'person') {
    const person = await findUserSummaryById(db, target.userId);
    if (!person) throw new Invalid(t`Unknown person`);
    targetKey = person.id;
    targetName = person.name ?? person.email;
  }
  const taken = (ruleSetName: string) =>
    new Conflict(
      t`${targetName} already has a rule set from ${effectiveFrom} ("${ruleSetName}")`,
      'assignment_exists',
    );
  return db
    .transaction(async (tx) => {
      const ruleSet = await findRuleSetRow(tx, input.ruleSetId);
      if (!ruleSet) throw new Invalid(t`Unknown rule set`);
      await lockRuleSet(tx, ruleSet.id);
      const existing = await findAssignmentOn(tx, targetKey, effectiveFrom);
      if (existing) throw taken(existing.ruleSetName);
      // Locked periods keep the figures they were approved with.
      await assertPayNotLocked(tx, effectiveFrom, '9998-12-31');
      const id = await insertAssignment(tx, {
        ruleSetId: ruleSet.id,
        teamId: target.kind === 'team' ? targetKey : null,
        userId: target.kind === 'person' ? targetKey : null,
        targetKey,
        effectiveFrom,
        createdBy: actor.actorId,
      });
      const [assignment] = await listAssignmentRows(tx, { ids: [id] });
      if (!assignment) throw new Error('assignment vanished');
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'pay_rule_assignment.create',
        entityType: 'pay_rule_assignment',
        entityId: id,
        after: {
          ruleSetId: ruleSet.id,
          ruleSetName: ruleSet.name,
          target: assignment.target,
          effectiveFrom,
        },
        meta: actor.meta,
      });
      return assignment;
    })
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const existing = await findAssignmentOn(db, targetKey, effectiveFrom);
      throw taken(existing?.ruleSetName ?? t`another rule set`);
    });
}

/**
 * A person's banked time off in lieu on a date (oldest first, with expiries): what their rule
 * sets banked, less the approved leave paid under the TOIL-TAKEN pay code up to that date.
 */
export async function toilBalance(
  db: Db,
  config: AppConfig,
  userId: string,
  asOf: string,
): Promise<ToilBalance> {
  const [earned, takenByDate] = await Promise.all([
    listToilEarned(db, config, userId, asOf),
    listToilTaken(db, userId, asOf),
  ]);
  const taken = [...takenByDate].map(([date, minutes]) => ({ date, minutes }));
  return { userId, asOf, ...toilLedger(earned, taken, asOf) };
}

/** GET /api/pay-rules/toil-balance: one's own, or a person the caller may see. */
export async function getToilBalance(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawQuery: unknown,
  now: Date,
): Promise<ToilBalance> {
  const query = parseInput(toilBalanceQuerySchema, rawQuery);
  const userId = query.userId ?? caller.userId;
  if (userId !== caller.userId) await assertCanSeePerson(db, caller, userId);
  const person = await findUserSummaryById(db, userId);
  if (!person) throw new NotFound(t`No such person`);
  return toilBalance(db, config, userId, query.asOf ?? toBusinessDate(now, config.timeZone));
}
