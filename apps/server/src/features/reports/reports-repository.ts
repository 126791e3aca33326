import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface ReportScope {
  from: string;
  to: string;
  /** Only these teams' people (a team lead's scope, or an admin's team filter). */
  teamIds: string[] | null;
}

function scopeFilter(scope: ReportScope): SQL {
  const teams =
    scope.teamIds === null
      ? sql``
      : scope.teamIds.length === 0
        ? sql` and false`
        : sql` and p.team_id in (${sql.join(
            scope.teamIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  return sql`dm.date between ${scope.from}::date and ${scope.to}::date${teams}`;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers return { rows } from execute; the generic type does not say so.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface PersonAdherenceRow {
  userId: string;
  name: string;
  teamId: string | null;
  teamName: string | null;
  scheduledDays: number;
  completeDays: number;
  absentDays: number;
  excusedDays: number;
  inProgressDays: number;
  unscheduledDays: number;
  scoredScheduledMinutes: number;
  scoredWorkedMinutes: number;
  adherentMinutes: number;
  scheduledMinutes: number;
  workedMinutes: number;
  lateDays: number;
  earlyLeaveDays: number;
  overbreakDays: number;
  missedClockOuts: number;
}

/**
 * The adherence report's one aggregate: per person over the range (the bench's baseline).
 * Sums per user_id first and joins names after, so the planner groups by one key, not five.
 */
export function adherenceByPersonQuery(scope: ReportScope): SQL {
  return sql`
    select agg.user_id as "userId",
           coalesce(p.full_name, u.email) as "name",
           p.team_id as "teamId",
           t.name as "teamName",
           agg."scheduledDays", agg."completeDays", agg."absentDays", agg."excusedDays",
           agg."inProgressDays", agg."unscheduledDays", agg."scoredScheduledMinutes",
           agg."scoredWorkedMinutes", agg."adherentMinutes", agg."scheduledMinutes",
           agg."workedMinutes", agg."lateDays", agg."earlyLeaveDays", agg."overbreakDays",
           agg."missedClockOuts"
    from (
      select dm.user_id,
             count(*) filter (where dm.status not in ('unscheduled', 'no_schedule'))::int as "scheduledDays",
             count(*) filter (where dm.status = 'complete')::int as "completeDays",
             count(*) filter (where dm.status = 'absent')::int as "absentDays",
             count(*) filter (where dm.status = 'excused')::int as "excusedDays",
             count(*) filter (where dm.status = 'in_progress')::int as "inProgressDays",
             count(*) filter (where dm.status = 'unscheduled')::int as "unscheduledDays",
             coalesce(sum(dm.scheduled_minutes) filter (where dm.status = 'complete'), 0)::int as "scoredScheduledMinutes",
             coalesce(sum(dm.worked_minutes) filter (where dm.status = 'complete'), 0)::int as "scoredWorkedMinutes",
             coalesce(sum(dm.adherent_minutes) filter (where dm.status = 'complete'), 0)::int as "adherentMinutes",
             coalesce(sum(dm.scheduled_minutes), 0)::int as "scheduledMinutes",
             coalesce(sum(dm.worked_minutes), 0)::int as "workedMinutes",
             count(*) filter (where dm.late_minutes > 0)::int as "lateDays",
             count(*) filter (where dm.early_leave_minutes > 0)::int as "earlyLeaveDays",
             count(*) filter (where dm.overbreak_minutes > 0)::int as "overbreakDays",
             count(*) filter (where dm.missed_clock_out)::int as "missedClockOuts"
      from day_metrics dm
      left join profiles p on p.id = dm.user_id
      where ${scopeFilter(scope)}
      group by dm.user_id
    ) agg
    join users u on u.id = agg.user_id
    left join profiles p on p.id = agg.user_id
    left join teams t on t.id = p.team_id
    order by lower(coalesce(p.full_name, u.email)), agg.user_id`;
}

export function listAdherenceByPerson(db: Db, scope: ReportScope) {
  return rows<PersonAdherenceRow>(db, adherenceByPersonQuery(scope));
}

export interface WorkedHoursSqlRow {
  userId: string;
  name: string;
  teamName: string | null;
  bucket: string;
  scheduledMinutes: number;
  workedMinutes: number;
  breakMinutes: number;
  lunchMinutes: number;
  paidLeaveMinutes: number;
  unpaidLeaveMinutes: number;
  days: number;
  unreviewedPunches: number;
  /** Worked past scheduled in the bucket, never below zero. */
  overtimeMinutes: number;
}

/**
 * The people of a scope in the worked-hours report's order (name, then id), a page at a time
 * after `after` (keyset: the last person of the previous page). The export reads them so, then
 * their rows, so neither list sits in memory whole.
 */
export function listPeopleInScopeOrder(
  db: Db,
  scope: ReportScope,
  page: { after?: { sortName: string; userId: string }; limit: number },
) {
  const teams =
    scope.teamIds === null
      ? sql`true`
      : scope.teamIds.length === 0
        ? sql`false`
        : sql`p.team_id in (${sql.join(
            scope.teamIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  const after = page.after
    ? sql` and (lower(coalesce(p.full_name, u.email)), u.id) > (${page.after.sortName}, ${page.after.userId}::uuid)`
    : sql``;
  return rows<{ userId: string; sortName: string }>(
    db,
    sql`
      select u.id as "userId", lower(coalesce(p.full_name, u.email)) as "sortName"
      from users u
      left join profiles p on p.id = u.id
      where ${teams}${after}
      order by lower(coalesce(p.full_name, u.email)), u.id
      limit ${page.limit}`,
  );
}

/** `userIds`: only these people (a page of the export); their rows in the report's order. */
export function listWorkedHours(
  db: Db,
  scope: ReportScope,
  groupBy: 'day' | 'week' | 'period',
  userIds?: readonly string[],
) {
  const people =
    userIds === undefined
      ? sql``
      : userIds.length === 0
        ? sql` and false`
        : // One array parameter: a list of 500 parameters made the planner take ~5× longer.
          sql` and dm.user_id = any(${`{${userIds.join(',')}}`}::uuid[])`;
  const bucket =
    groupBy === 'day'
      ? sql`dm.date`
      : groupBy === 'week'
        ? sql`(dm.date - extract(dow from dm.date)::int)`
        : sql`${scope.from}::date`;
  return rows<WorkedHoursSqlRow>(
    db,
    sql`
      select dm.user_id as "userId",
             coalesce(p.full_name, u.email) as "name",
             t.name as "teamName",
             (${bucket})::text as "bucket",
             sum(dm.scheduled_minutes)::int as "scheduledMinutes",
             sum(dm.worked_minutes)::int as "workedMinutes",
             sum(dm.break_minutes)::int as "breakMinutes",
             sum(dm.lunch_minutes)::int as "lunchMinutes",
             sum(dm.paid_leave_minutes)::int as "paidLeaveMinutes",
             sum(dm.unpaid_leave_minutes)::int as "unpaidLeaveMinutes",
             count(*) filter (where dm.worked_minutes > 0)::int as "days",
             coalesce(sum(lp.pending), 0)::int as "unreviewedPunches",
             greatest(sum(dm.worked_minutes)::int - sum(dm.scheduled_minutes)::int, 0) as "overtimeMinutes"
      from day_metrics dm
      join users u on u.id = dm.user_id
      left join profiles p on p.id = dm.user_id
      left join teams t on t.id = p.team_id
      -- Late-arriving punches still waiting for review: they count, the row is flagged (0013).
      left join (
        select user_id, date, count(*) as pending
        from late_punch_reviews
        where status = 'pending'
        group by user_id, date
      ) lp on lp.user_id = dm.user_id and lp.date = dm.date
      where ${scopeFilter(scope)}${people}
      group by dm.user_id, p.full_name, u.email, t.name, ${bucket}
      order by lower(coalesce(p.full_name, u.email)), dm.user_id, 4`,
  );
}

export interface TrendSqlRow {
  date: string;
  scheduled: number;
  adherent: number;
  worked: number;
  scoredWorked: number;
  lateCount: number;
  overbreakCount: number;
  absentCount: number;
  totalWorked: number;
}

export function listDailyTrend(db: Db, scope: ReportScope) {
  return rows<TrendSqlRow>(
    db,
    sql`
      select dm.date::text as "date",
             coalesce(sum(dm.scheduled_minutes) filter (where dm.status = 'complete'), 0)::int as "scheduled",
             coalesce(sum(dm.adherent_minutes) filter (where dm.status = 'complete'), 0)::int as "adherent",
             coalesce(sum(dm.worked_minutes) filter (where dm.status = 'complete'), 0)::int as "scoredWorked",
             coalesce(sum(dm.worked_minutes), 0)::int as "totalWorked",
             count(*) filter (where dm.late_minutes > 0)::int as "lateCount",
             count(*) filter (where dm.overbreak_minutes > 0)::int as "overbreakCount",
             count(*) filter (where dm.status = 'absent')::int as "absentCount"
      from day_metrics dm
      left join profiles p on p.id = dm.user_id
      where ${scopeFilter(scope)}
      group by dm.date
      order by dm.date`,
  );
}

export function listLatenessHeatmap(db: Db, scope: ReportScope) {
  return rows<{ weekday: number; hour: number; count: number }>(
    db,
    sql`
      select extract(dow from dm.date)::int as "weekday", dm.first_clock_in_hour as "hour", count(*)::int as "count"
      from day_metrics dm
      left join profiles p on p.id = dm.user_id
      where ${scopeFilter(scope)} and dm.late_minutes > 0 and dm.first_clock_in_hour is not null
      group by 1, 2
      order by 1, 2`,
  );
}

export function listExceptionTotals(db: Db, scope: ReportScope) {
  return rows<{ type: string; count: number; minutes: number }>(
    db,
    sql`
      select x.type, count(*)::int as "count", coalesce(sum(x.minutes), 0)::int as "minutes"
      from day_metrics dm
      left join profiles p on p.id = dm.user_id
      cross join lateral (values
        ('late', case when dm.late_minutes > 0 then dm.late_minutes end),
        ('early_leave', case when dm.early_leave_minutes > 0 then dm.early_leave_minutes end),
        ('overbreak', case when dm.overbreak_minutes > 0 then dm.overbreak_minutes end),
        ('missed_clock_out', case when dm.missed_clock_out then 0 end),
        ('absent', case when dm.status = 'absent' then dm.scheduled_minutes end),
        ('unscheduled', case when dm.status = 'unscheduled' then dm.worked_minutes end)
      ) as x(type, minutes)
      where ${scopeFilter(scope)} and x.minutes is not null
      group by x.type
      order by 2 desc`,
  );
}

export interface TeamAdherenceRow {
  /** The team's name; null for the people in no team. */
  teamName: string | null;
  scoredScheduledMinutes: number;
  adherentMinutes: number;
  lateDays: number;
}

/**
 * The analytics chart's per-team figures, summed in SQL: one row per team name (people in no
 * team under null), in the order of each team's first person by the adherence report's order
 * (name, then id), as the chart has always listed them.
 */
export function adherenceByTeamQuery(scope: ReportScope): SQL {
  // The per-person aggregate summed again by team: one definition of each person's figures.
  return sql`
    select person."teamName",
           coalesce(sum(person."scoredScheduledMinutes"), 0)::int as "scoredScheduledMinutes",
           coalesce(sum(person."adherentMinutes"), 0)::int as "adherentMinutes",
           coalesce(sum(person."lateDays"), 0)::int as "lateDays"
    from (${adherenceByPersonQuery(scope)}) person
    group by person."teamName"
    order by min(array[lower(person."name"), person."userId"::text])`;
}

export function listAdherenceByTeam(db: Db, scope: ReportScope) {
  return rows<TeamAdherenceRow>(db, adherenceByTeamQuery(scope));
}
