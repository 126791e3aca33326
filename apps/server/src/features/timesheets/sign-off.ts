// Timesheet sign-off (issue #14, item 1; docs/decisions/0017): the person submits their
// timesheet for a pay period, an approver approves or returns it, an admin approves a whole
// period and locks it. The figures signed are kept, so a later change shows.
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import {
  approvePeriodSchema,
  decideTimesheetSchema,
  submitTimesheetSchema,
  timesheetPeriodQuerySchema,
  withdrawTimesheetSchema,
  type ApprovePeriodResult,
  type SignedTotals,
  type Timesheet,
  type TimesheetPeriod,
  type TimesheetSignOff,
  type TimesheetSignOffStatus,
  type TimesheetWithSignOff,
} from '@punchclock/shared/contracts/timesheets';
import { plural, select, t } from '@lingui/core/macro';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { payPeriodContaining, type DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit, writeAudits } from '../../platform/audit.ts';
import { Conflict, Forbidden, NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { approverScope, lockPeriod } from '../approvals/index.ts';
import {
  findUserSummaryById,
  isTeamInScope,
  listUserSummaries,
  teamScopeOf,
  type Caller,
  type TeamScope,
} from '../people/index.ts';
import { announceApprovalsChanged } from '../request-decisions/index.ts';
import { assertNotLocked, findActiveLock, holdPeriodLocks } from '../period-locks/index.ts';
import { getTimesheet, keepFromTimesheets } from './service.ts';
import {
  notifyDecision,
  notifyDecisions,
  notifyManagersOfFindings,
} from './sign-off-notifications.ts';
import {
  decideSignOff,
  decideSignOffs,
  deleteSignOff,
  findSignOff,
  listSignOffs,
  upsertSubmission,
  type SignOffRow,
} from './sign-off-repository.ts';

/** The figures a person signs for: the period's totals and how many findings it had. */
export function signedTotalsOf(sheet: Timesheet): SignedTotals {
  const { totals } = sheet;
  return {
    workedMinutes: totals.workedMinutes,
    regularMinutes: totals.regularMinutes,
    overtimeMinutes: Object.values(totals.overtime).reduce((sum, minutes) => sum + minutes, 0),
    paidLeaveMinutes: totals.paidLeaveMinutes,
    unpaidLeaveMinutes: totals.unpaidLeaveMinutes,
    findingsCount: sheet.findings.length,
  };
}

/**
 * Whether the hours are the ones signed. Only minutes count: the findings count is shown, but a
 * new labour check alone does not unsign anyone's hours.
 */
function sameHours(signed: SignedTotals, now: SignedTotals): boolean {
  return (
    signed.workedMinutes === now.workedMinutes &&
    signed.regularMinutes === now.regularMinutes &&
    signed.overtimeMinutes === now.overtimeMinutes &&
    signed.paidLeaveMinutes === now.paidLeaveMinutes &&
    signed.unpaidLeaveMinutes === now.unpaidLeaveMinutes
  );
}

/** A period's own time: a person with none recorded has nothing to sign. */
function hasTime(totals: SignedTotals): boolean {
  return totals.workedMinutes + totals.paidLeaveMinutes + totals.unpaidLeaveMinutes > 0;
}

type SignOffCore = Omit<TimesheetSignOff, 'locked' | 'canSubmit' | 'canWithdraw'>;

function signOffOf(row: SignOffRow | null, now: SignedTotals): SignOffCore {
  if (!row) {
    return {
      status: 'not_submitted',
      comment: null,
      submittedAt: null,
      decidedAt: null,
      decidedByName: null,
      changedSinceSubmission: false,
    };
  }
  return {
    status: row.status,
    comment: row.decisionComment,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByName: row.decidedByName,
    // A returned one is redone anyway: whether it changed since says nothing more.
    changedSinceSubmission: row.status !== 'returned' && !sameHours(row.submittedTotals, now),
  };
}

/** Whether a person may submit a period's timesheet now, and if not, why. */
function submitRefusal(
  core: SignOffCore,
  period: DateRange,
  today: string,
  locked: boolean,
): string | null {
  if (locked) return t`This pay period is locked. Ask an admin to reopen it first.`;
  if (today < period.end) {
    const end = formatBusinessDateLong(period.end);
    return t`You can submit this timesheet from its last day, ${end}.`;
  }
  if (core.status === 'submitted' && !core.changedSinceSubmission)
    return t`This timesheet is already submitted.`;
  if (core.status === 'approved' && !core.changedSinceSubmission)
    return t`This timesheet is already approved.`;
  return null;
}

const auditId = (userId: string, period: DateRange) => `${userId}:${period.start}`;

/** GET /api/timesheets: the timesheet with its sign-off. */
export async function getTimesheetWithSignOff(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawQuery: unknown,
  now: Date = new Date(),
): Promise<TimesheetWithSignOff> {
  const sheet = await getTimesheet(db, config, caller, rawQuery, now);
  const { period, person } = sheet;
  const [row, lockId] = await Promise.all([
    findSignOff(db, person.id, period.start),
    activeLockId(db, period.start, period.end),
  ]);
  const core = signOffOf(row, signedTotalsOf(sheet));
  const locked = lockId !== null;
  const isOwn = person.id === caller.userId;
  const today = toBusinessDate(now, config.timeZone);
  return {
    ...sheet,
    signOff: {
      ...core,
      locked,
      canSubmit: isOwn && submitRefusal(core, period, today, locked) === null,
      canWithdraw: isOwn && !locked && core.status === 'submitted',
    },
  };
}

/** POST /api/timesheets/submit: the caller signs off their own timesheet for a period. */
export async function submitTimesheet(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawInput: unknown,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<TimesheetWithSignOff> {
  const input = parseInput(submitTimesheetSchema, rawInput);
  // Always the caller's own: nobody signs for someone else.
  const sheet = await getTimesheet(db, config, caller, { date: input.date }, now);
  const { period, person } = sheet;
  const totals = signedTotalsOf(sheet);
  const today = toBusinessDate(now, config.timeZone);
  await db.transaction(async (tx) => {
    const row = await findSignOff(tx, person.id, period.start, true);
    const locked = (await findActiveLock(tx, period.start, period.end)) !== null;
    const refusal = submitRefusal(signOffOf(row, totals), period, today, locked);
    if (refusal) throw new Conflict(refusal, locked ? 'period_locked' : 'cannot_submit');
    const id = await upsertSubmission(tx, {
      userId: person.id,
      periodStart: period.start,
      periodEnd: period.end,
      submittedTotals: totals,
      submittedBy: caller.userId,
    });
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'timesheet.submit',
      entityType: 'timesheet_signoff',
      entityId: auditId(person.id, period),
      before: row ? { status: row.status, submittedTotals: row.submittedTotals } : null,
      after: { status: 'submitted', period, submittedTotals: totals, signOffId: id },
      meta,
    });
    if (sheet.findings.length > 0) {
      await notifyManagersOfFindings(tx, {
        personId: person.id,
        personName: person.name,
        period,
        findingsCount: sheet.findings.length,
        occasion: `${id}:${now.toISOString()}`,
      });
    }
    await announceApprovalsChanged(tx);
  });
  return getTimesheetWithSignOff(db, config, caller, { date: input.date }, now);
}

/** POST /api/timesheets/withdraw: take back one's own submission before anyone decides. */
export async function withdrawTimesheet(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawInput: unknown,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<TimesheetWithSignOff> {
  const input = parseInput(withdrawTimesheetSchema, rawInput);
  const period = payPeriodContaining(config.pay.calendar, input.date);
  await db.transaction(async (tx) => {
    const row = await findSignOff(tx, caller.userId, period.start, true);
    if (!row) throw new NotFound(t`This timesheet was not submitted`);
    if (row.status !== 'submitted') {
      const status = row.status;
      throw new Conflict(
        t`Only a submitted timesheet can be withdrawn; this one is ${select(status, {
          approved: 'approved',
          returned: 'returned',
          other: status,
        })}`,
      );
    }
    await assertNotLocked(tx, period.start, period.end);
    await deleteSignOff(tx, row.id);
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'timesheet.withdraw',
      entityType: 'timesheet_signoff',
      entityId: auditId(caller.userId, period),
      before: { status: 'submitted', submittedTotals: row.submittedTotals },
      after: { status: 'not_submitted' },
      meta,
    });
    await announceApprovalsChanged(tx);
  });
  return getTimesheetWithSignOff(db, config, caller, { date: input.date }, now);
}

/** The approver's scope, or null for a caller who does not approve time. */
async function approverScopeOrNull(db: Db, caller: Caller): Promise<TeamScope | undefined> {
  try {
    return await approverScope(db, caller);
  } catch (error) {
    if (error instanceof Forbidden) return undefined;
    throw error;
  }
}

/** POST /api/timesheets/decide: approve, or return with a comment, one person's timesheet. */
export async function decideTimesheet(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawInput: unknown,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<TimesheetWithSignOff> {
  const input = parseInput(decideTimesheetSchema, rawInput);
  // The approvals rules: sme/admin everyone, a team lead their teams when an admin enabled it.
  const scope = await approverScope(db, caller);
  const person = await findUserSummaryById(db, input.userId);
  if (!person) throw new NotFound(t`No such person`);
  if (!isTeamInScope(scope, person.teamId))
    throw new Forbidden(t`This timesheet is outside your team`);
  if (person.id === caller.userId) throw new Forbidden(t`Nobody approves their own timesheet`);
  const query = { userId: person.id, date: input.date };
  const sheet = await getTimesheet(db, config, caller, query, now);
  const { period } = sheet;
  const totals = signedTotalsOf(sheet);
  await db.transaction(async (tx) => {
    await assertNotLocked(tx, period.start, period.end);
    const row = await findSignOff(tx, person.id, period.start, true);
    if (!row) throw new Conflict(t`This timesheet has not been submitted`, 'not_submitted');
    const core = signOffOf(row, totals);
    if (input.decision === 'approve') {
      if (row.status !== 'submitted') {
        const status = row.status;
        throw new Conflict(
          t`This timesheet is ${select(status, {
            approved: 'approved',
            returned: 'returned',
            other: status,
          })}; only a submitted one is approved`,
        );
      }
      if (core.changedSinceSubmission) {
        throw new Conflict(
          t`The hours changed since this timesheet was submitted. Return it so it is checked and submitted again.`,
          'changed_since_submission',
        );
      }
    } else if (row.status === 'returned') {
      throw new Conflict(t`This timesheet is already returned`);
    }
    const status = input.decision === 'approve' ? 'approved' : 'returned';
    const comment = input.comment || null;
    await decideSignOff(tx, row.id, { status, decidedBy: caller.userId, comment });
    await writeAudit(tx, {
      actorId: caller.userId,
      action: `timesheet.${input.decision}`,
      entityType: 'timesheet_signoff',
      entityId: auditId(person.id, period),
      before: { status: row.status },
      after: { userId: person.id, status, comment, period, totals },
      meta,
    });
    await notifyDecision(tx, { userId: person.id, period, status, comment, occasion: row.id, now });
    await announceApprovalsChanged(tx);
  });
  return getTimesheetWithSignOff(db, config, caller, query, now);
}

interface PersonSheet {
  person: { id: string; name: string | null; teamId: string | null; teamName: string | null };
  totals: SignedTotals;
}

/**
 * Each active person in a scope with their timesheet's figures for a period: the sheets computed
 * a round of people at a time (keepFromTimesheets), so the queries grow by a constant number
 * per round of 500 people, not per person, and only the totals are kept.
 */
async function sheetsOf(
  db: Db,
  config: AppConfig,
  scope: TeamScope,
  period: DateRange,
): Promise<PersonSheet[]> {
  const people = (await listUserSummaries(db))
    .filter((person) => !person.isSuspended && isTeamInScope(scope, person.teamId))
    .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  const totals = await keepFromTimesheets(
    db,
    config,
    people.map((person) => person.id),
    period,
    (sheet) => ({ id: sheet.person.id, totals: signedTotalsOf(sheet) }),
  );
  const totalsOf = new Map(totals.map((each) => [each.id, each.totals]));
  return people.flatMap((person) => {
    const totals = totalsOf.get(person.id);
    if (!totals) return [];
    return [
      {
        person: {
          id: person.id,
          name: person.name ?? person.email,
          teamId: person.teamId,
          teamName: person.teamName,
        },
        totals,
      },
    ];
  });
}

/** GET /api/timesheets/period: every person the caller sees, with their sign-off. */
export async function getPeriodOverview(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawQuery: unknown,
  now: Date = new Date(),
): Promise<TimesheetPeriod> {
  const query = parseInput(timesheetPeriodQuerySchema, rawQuery);
  const today = toBusinessDate(now, config.timeZone);
  const date = query.date ?? today;
  const period = payPeriodContaining(config.pay.calendar, date);
  const [scope, decideScope, lockId] = await Promise.all([
    teamScopeOf(db, caller),
    approverScopeOrNull(db, caller),
    activeLockId(db, period.start, period.end),
  ]);
  const sheets = await sheetsOf(db, config, scope, period);
  const rows = await listSignOffs(
    db,
    period.start,
    sheets.map((sheet) => sheet.person.id),
  );
  const rowOf = new Map(rows.map((row) => [row.userId, row]));
  const locked = lockId !== null;
  return {
    period,
    locked,
    lockId,
    canApprovePeriod: caller.role === 'admin' && !locked && today >= period.end,
    people: sheets.map(({ person, totals }) => {
      const signOff = signOffOf(rowOf.get(person.id) ?? null, totals);
      return {
        person: { id: person.id, name: person.name },
        teamName: person.teamName,
        signOff,
        totals,
        canDecide:
          decideScope !== undefined &&
          isTeamInScope(decideScope, person.teamId) &&
          person.id !== caller.userId &&
          !locked &&
          (signOff.status === 'submitted' || signOff.status === 'approved'),
      };
    }),
  };
}

/**
 * POST /api/timesheets/period/approve (admin): approve every submitted timesheet of the period
 * and lock it with the existing period locks. Everyone with time in the period must then have
 * an approved timesheet (unchanged since); otherwise refused, naming them, unless `force`.
 */
export async function approvePeriod(
  db: Db,
  config: AppConfig,
  caller: Caller,
  rawInput: unknown,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<ApprovePeriodResult> {
  const input = parseInput(approvePeriodSchema, rawInput);
  if (caller.role !== 'admin') throw new Forbidden(t`Only an admin approves a whole pay period`);
  const period = payPeriodContaining(config.pay.calendar, input.date);
  const today = toBusinessDate(now, config.timeZone);
  if (today < period.end) {
    const end = formatBusinessDateLong(period.end);
    throw new Conflict(
      t`This pay period runs until ${end}; approve it from its last day.`,
      'period_not_ended',
    );
  }
  return db.transaction(async (tx) => {
    // Locks first, then compute and decide in the same transaction: no change to what pay reads
    // commits between the figures computed here and the lock written below (decision 0045).
    await holdPeriodLocks(tx, 'lock');
    await assertNotLocked(tx, period.start, period.end);
    const sheets = await sheetsOf(tx, config, null, period);
    const rows = await listSignOffs(tx, period.start, undefined, true);
    const rowOf = new Map(rows.map((row) => [row.userId, row]));
    const toApprove: { person: PersonSheet['person']; row: SignOffRow; totals: SignedTotals }[] =
      [];
    const missing: ApprovePeriodResult['missing'] = [];
    const reasons: string[] = [];
    for (const { person, totals } of sheets) {
      const row = rowOf.get(person.id) ?? null;
      const { status, changedSinceSubmission } = signOffOf(row, totals);
      if (status === 'approved' && !changedSinceSubmission) continue;
      if (row && status === 'submitted' && !changedSinceSubmission && person.id !== caller.userId)
        toApprove.push({ person, row, totals });
      else if (row || hasTime(totals)) {
        missing.push({ id: person.id, name: person.name, status });
        reasons.push(`${person.name} (${describe(status, changedSinceSubmission)})`);
      }
    }
    if (missing.length > 0 && !input.force) {
      const count = missing.length;
      const names = reasons.slice(0, 10).join(', ');
      const more = count - 10;
      throw new Conflict(
        more > 0
          ? t`${plural(count, { one: '# timesheet is', other: '# timesheets are' })} not approved: ${names} and ${more} more. Confirm to lock the period without them.`
          : t`${plural(count, { one: '# timesheet is', other: '# timesheets are' })} not approved: ${names}. Confirm to lock the period without them.`,
        'period_incomplete',
      );
    }
    // Everyone's decision, audit row and notification at once: a constant number of statements
    // whatever the number of people (issue #32), each row as deciding them one by one wrote it.
    await decideSignOffs(
      tx,
      toApprove.map(({ row }) => row.id),
      { status: 'approved', decidedBy: caller.userId, comment: null },
    );
    await writeAudits(
      tx,
      toApprove.map(({ person, totals }) => ({
        actorId: caller.userId,
        action: 'timesheet.approve',
        entityType: 'timesheet_signoff',
        entityId: auditId(person.id, period),
        before: { status: 'submitted' },
        after: { status: 'approved', comment: null, period, totals, withPeriod: true },
        meta,
      })),
    );
    await notifyDecisions(
      tx,
      toApprove.map(({ person, row }) => ({
        userId: person.id,
        period,
        status: 'approved' as const,
        comment: null,
        occasion: row.id,
        now,
      })),
    );
    const lockId = await lockPeriod(
      tx,
      { fromDate: period.start, toDate: period.end },
      { actorId: caller.userId, meta },
      config.pay.workWeekStart,
    );
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'period.approve',
      entityType: 'period_lock',
      entityId: lockId,
      after: {
        period,
        approved: toApprove.map(({ person }) => person.id),
        missing: missing.map(({ id, status }) => ({ id, status })),
        forced: missing.length > 0,
      },
      meta,
    });
    // Each approved person's Pay period card re-reads (notifyDecisions sent its time_events
    // message, delivered at commit, after the lock above).
    await announceApprovalsChanged(tx);
    return {
      period,
      lockId,
      approved: toApprove.map(({ person }) => ({ id: person.id, name: person.name })),
      missing,
    };
  });
}

/** Why a timesheet is not approved, for the period approval's refusal. */
function describe(status: TimesheetSignOffStatus, changed: boolean): string {
  if (changed) {
    return t`changed since ${select(status, {
      submitted: 'submitted',
      approved: 'approved',
      returned: 'returned',
      other: status,
    })}`;
  }
  if (status === 'submitted') return t`submitted by you; another approver decides it`;
  if (status === 'not_submitted') return t`not submitted`;
  return t`${select(status, { approved: 'approved', returned: 'returned', other: status })}`;
}

/** The id of the active lock touching a period (the lock an admin would reopen), or null. */
async function activeLockId(db: Db, from: string, to: string): Promise<string | null> {
  return (await findActiveLock(db, from, to))?.id ?? null;
}
