import { t } from '@lingui/core/macro';
// The approvals queue: what waits for this approver, and the SME dashboard built on it.
import { and, eq } from 'drizzle-orm';
import {
  approvalsQuerySchema,
  type ApprovalItem,
  type ApprovalItemType,
  type SmeOverview,
} from '@punchclock/shared/contracts/approvals';
import { buildBreakBoard } from '@punchclock/shared/domain/break-board';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { NotificationRuleSettings } from '@punchclock/shared/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import { dayMetrics } from '../../db/schema.ts';
import { Forbidden, parseInput } from '../../platform/errors.ts';
import { loadAttendanceSnapshot } from '../attendance-snapshot/index.ts';
import type { Caller, TeamScope } from '../people/index.ts';
import { isTeamInScope, teamScopeOf } from '../people/index.ts';
import { listCorrections, listLatePunches } from '../time-tracking/index.ts';
import { listOverAllotmentDays, listRequests } from '../time-off/index.ts';
// Until rosters/index.ts re-exports it (the roster-server helper's file): see the #30 report.
import { listShiftTradeApprovals } from '../rosters/index.ts';
import { readTeamLeadsApprove } from '../request-decisions/index.ts';

/** Whose requests a viewer may see and decide: sme/admin everyone; a lead their teams, if enabled. */
export async function approverScope(db: Db, viewer: Caller): Promise<TeamScope> {
  const approves =
    viewer.role === 'admin' ||
    viewer.role === 'sme' ||
    (viewer.role === 'team_lead' && (await readTeamLeadsApprove(db)));
  if (!approves) throw new Forbidden(t`You do not approve time`);
  return teamScopeOf(db, viewer);
}

export async function listApprovals(db: Db, viewer: Caller, rawQuery: unknown, timeZone: string) {
  const query = parseInput(approvalsQuerySchema, rawQuery);
  const scope = await approverScope(db, viewer);
  const teamIds = query.teamId ? (isTeamInScope(scope, query.teamId) ? [query.teamId] : []) : scope;
  const filter = { status: query.status, teamIds, from: query.from, to: query.to };
  const wants = (type: ApprovalItemType) => !query.type || query.type === type;
  const [timeOff, corrections, latePunches, trades] = await Promise.all([
    wants('time_off') ? listRequests(db, filter) : [],
    wants('correction') ? listCorrections(db, filter) : [],
    wants('late_punch') ? listLatePunches(db, filter) : [],
    wants('shift_trade') ? listShiftTradeApprovals(db, timeZone, viewer.userId, filter) : [],
  ]);
  // Waiting time off on days its team's allotment is already used up (#30 item 6).
  const overAllotment = await listOverAllotmentDays(
    db,
    timeOff.filter((request) => request.status === 'pending').map((request) => request.id),
  );
  const items: ApprovalItem[] = [
    ...timeOff.map(({ teamId: _team, ...request }) => ({
      type: 'time_off' as const,
      request:
        request.status === 'pending'
          ? { ...request, overAllotment: overAllotment.get(request.id) ?? [] }
          : request,
    })),
    ...corrections.map(({ teamId: _team, ...request }) => ({
      type: 'correction' as const,
      request,
    })),
    ...latePunches.map(({ teamId: _team, ...request }) => ({
      type: 'late_punch' as const,
      request,
    })),
    ...trades.map(({ teamId: _team, ...request }) => ({ type: 'shift_trade' as const, request })),
  ].sort((a, b) => a.request.requestedAt.localeCompare(b.request.requestedAt));
  return { items, canDecide: true };
}

/** The SME dashboard: what waits, and today's exceptions for the people they cover. */
export async function getSmeOverview(
  db: Db,
  timeZone: string,
  viewer: Caller,
  settings: NotificationRuleSettings,
): Promise<SmeOverview> {
  const { items } = await listApprovals(db, viewer, { status: 'pending' }, timeZone);
  const now = new Date();
  const [{ today, people }, missed] = await Promise.all([
    loadAttendanceSnapshot(db, timeZone, now),
    db
      .select({ userId: dayMetrics.userId, date: dayMetrics.date })
      .from(dayMetrics)
      .where(
        and(
          eq(dayMetrics.missedClockOut, true),
          eq(dayMetrics.date, shiftDate(toBusinessDate(now, timeZone), -1)),
        ),
      ),
  ]);
  const yesterday = shiftDate(today, -1);
  const rows = buildBreakBoard(people, now, today, settings);
  const nameOf = new Map(people.map((person) => [person.userId, person.name]));
  const attention: SmeOverview['attention'] = [
    ...rows
      .filter((row) => row.status === 'late')
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        kind: 'late' as const,
        detail: lateDetail(row.elapsedMinutes),
      })),
    ...rows
      .filter((row) => row.overByMinutes > 0)
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        kind: 'overbreak' as const,
        detail: overbreakDetail(row.overByMinutes, row.status === 'at_lunch'),
      })),
    ...missed
      .filter((row) => row.date === yesterday && nameOf.has(row.userId))
      .map((row) => ({
        userId: row.userId,
        name: nameOf.get(row.userId) ?? '',
        kind: 'missed_clock_out' as const,
        detail: missedClockOutDetail(row.date),
      })),
  ];
  const countOf = (type: ApprovalItemType) => items.filter((item) => item.type === type).length;
  return {
    pendingCount: items.length,
    pendingByType: {
      time_off: countOf('time_off'),
      correction: countOf('correction'),
      late_punch: countOf('late_punch'),
      shift_trade: countOf('shift_trade'),
    },
    oldestPendingAt: items[0]?.request.requestedAt ?? null,
    attention,
  };
}

function lateDetail(elapsedMinutes: number): string {
  return t`${elapsedMinutes} min late`;
}

function overbreakDetail(overByMinutes: number, isLunch: boolean): string {
  return isLunch
    ? t`${overByMinutes} min over their lunch`
    : t`${overByMinutes} min over their break`;
}

function missedClockOutDetail(date: string): string {
  return t`No clock-out on ${date}`;
}
