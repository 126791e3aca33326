import { t } from '@lingui/core/macro';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  createCalendarFeedRequestSchema,
  type CalendarFeed,
  type CalendarFeedsResponse,
  type CreateCalendarFeedResponse,
} from '@punchclock/shared/contracts/calendar-feeds';
import {
  businessInstant,
  shiftDate,
  toBusinessDate,
} from '@punchclock/shared/domain/business-time';
import { isWorkingDay, shiftInstants } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, profiles, teams, users } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Forbidden, NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import { listAssignmentPlans } from '../schedules/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import { writeCalendar, type CalendarEntry } from './calendar-document.ts';

interface Caller {
  userId: string;
  isAdmin: boolean;
}

/** The teams whose feed the caller may make: the ones they lead, or every team for an admin. */
async function teamsOpenTo(db: Db, caller: Caller) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(caller.isAdmin ? undefined : eq(teams.leadUserId, caller.userId))
    .orderBy(asc(sql`lower(${teams.name})`));
}

const feedColumns = {
  id: calendarFeeds.id,
  teamId: calendarFeeds.teamId,
  teamName: teams.name,
  createdAt: calendarFeeds.createdAt,
  lastUsedAt: calendarFeeds.lastUsedAt,
};

function toFeed(row: {
  id: string;
  teamId: string | null;
  teamName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}): CalendarFeed {
  return {
    id: row.id,
    team: row.teamId ? { id: row.teamId, name: row.teamName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listMyCalendarFeeds(db: Db, caller: Caller): Promise<CalendarFeedsResponse> {
  const [rows, open] = await Promise.all([
    db
      .select(feedColumns)
      .from(calendarFeeds)
      .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
      .where(eq(calendarFeeds.userId, caller.userId))
      .orderBy(asc(calendarFeeds.createdAt)),
    teamsOpenTo(db, caller),
  ]);
  return { feeds: rows.map(toFeed), teams: open };
}

/**
 * A new secret address for the caller's own feed or a team's; one that existed stops working.
 * The address is in the answer only: the database keeps its hash.
 */
export async function createCalendarFeed(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  origin: string,
  meta: RequestMeta,
): Promise<CreateCalendarFeedResponse> {
  const { teamId } = parseInput(createCalendarFeedRequestSchema, rawInput);
  if (teamId && !(await teamsOpenTo(db, caller)).some((team) => team.id === teamId)) {
    throw new Forbidden(t`Only the team’s lead or an admin can publish its calendar`);
  }
  const token = generateToken();
  const row = await db.transaction(async (tx) => {
    await tx
      .delete(calendarFeeds)
      .where(
        and(
          eq(calendarFeeds.userId, caller.userId),
          teamId ? eq(calendarFeeds.teamId, teamId) : isNull(calendarFeeds.teamId),
        ),
      );
    const [inserted] = await tx
      .insert(calendarFeeds)
      .values({ userId: caller.userId, teamId, tokenHash: hashToken(token) })
      .returning({ id: calendarFeeds.id });
    if (!inserted) throw new Error('insert into calendar_feeds returned no row');
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'calendar_feed.create',
      entityType: teamId ? 'team' : 'user',
      entityId: teamId ?? caller.userId,
      after: { feedId: inserted.id },
      meta,
    });
    const [feed] = await tx
      .select(feedColumns)
      .from(calendarFeeds)
      .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
      .where(eq(calendarFeeds.id, inserted.id));
    if (!feed) throw new Error('calendar feed vanished');
    return feed;
  });
  return { feed: toFeed(row), url: `${origin}/api/calendar-feeds/${token}.ics` };
}

export async function removeCalendarFeed(
  db: Db,
  caller: Caller,
  rawId: string,
  meta: RequestMeta,
): Promise<void> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`No such calendar address`);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.id, id.data), eq(calendarFeeds.userId, caller.userId)))
      .returning({ teamId: calendarFeeds.teamId });
    if (!removed) throw new NotFound(t`No such calendar address`);
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'calendar_feed.remove',
      entityType: removed.teamId ? 'team' : 'user',
      entityId: removed.teamId ?? caller.userId,
      before: { feedId: id.data },
      meta,
    });
  });
}

/**
 * The iCalendar a secret address stands for: assigned shifts (a published roster shift in place
 * of the template's that day) and approved time off, from
 * CALENDAR_FEED_DAYS_BACK days ago to CALENDAR_FEED_DAYS_AHEAD ahead. Null for an address that
 * does not exist (any more), or whose owner is suspended.
 */
export async function readCalendarFeed(
  db: Db,
  token: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<string | null> {
  const [feed] = await db
    .update(calendarFeeds)
    .set({ lastUsedAt: sql`now()` })
    .from(profiles)
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashToken(token)),
        eq(profiles.id, calendarFeeds.userId),
        eq(profiles.isSuspended, false),
      ),
    )
    .returning({ teamId: calendarFeeds.teamId, userId: calendarFeeds.userId });
  if (!feed) return null;

  const people = await db
    .select({ id: users.id, name: sql<string>`coalesce(${profiles.fullName}, ${users.email})` })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    // A team's calendar shows who can work: suspended members are left out.
    .where(
      feed.teamId
        ? and(eq(profiles.teamId, feed.teamId), eq(profiles.isSuspended, false))
        : eq(users.id, feed.userId),
    );
  const [team] = feed.teamId
    ? await db.select({ name: teams.name }).from(teams).where(eq(teams.id, feed.teamId))
    : [];
  const today = toBusinessDate(now, timeZone);
  const range = {
    from: shiftDate(today, -CALENDAR_FEED_DAYS_BACK),
    to: shiftDate(today, CALENDAR_FEED_DAYS_AHEAD),
  };
  const ids = people.map((person) => person.id);
  const [plans, timeOff] = await Promise.all([
    ids.length > 0 ? listAssignmentPlans(db, { userIds: ids, ...range }) : [],
    listActiveTimeOff(db, ids, range.from, range.to),
  ]);
  const nameOf = new Map(people.map((person) => [person.id, person.name]));
  const whose = (userId: string) => (feed.teamId ? `${nameOf.get(userId) ?? ''}: ` : '');

  const entries: CalendarEntry[] = [];
  for (const plan of plans) {
    const from = plan.dateRangeStart > range.from ? plan.dateRangeStart : range.from;
    const to = plan.dateRangeEnd < range.to ? plan.dateRangeEnd : range.to;
    for (let date = from; date <= to; date = shiftDate(date, 1)) {
      // A template's day on which a published roster shift takes its place is left out here;
      // the shift is its own plan (listAssignmentPlans).
      if (!isWorkingDay(plan, date)) continue;
      const { start, end } = shiftInstants(plan, date, timeZone);
      entries.push({
        // A roster shift is one event by its id: moved to another day or time, or traded to a
        // colleague, calendar apps update it instead of adding a second one.
        uid: plan.shiftId
          ? `roster-shift-${plan.shiftId}@punchclock`
          : `shift-${plan.userId}-${date}@punchclock`,
        summary: `${whose(plan.userId)}${plan.templateName}`,
        ...(plan.note ? { description: plan.note } : {}),
        start,
        end,
      });
    }
  }
  for (const request of timeOff) {
    if (request.status !== 'approved') continue;
    const uid = `time-off-${request.userId}-${request.startDate}@punchclock`;
    const summary = `${whose(request.userId)}${request.typeName}`;
    // Part of one day (an appointment) has its hours; anything else is whole days.
    entries.push(
      request.startTime && request.endTime && request.startDate === request.endDate
        ? {
            uid,
            summary,
            start: businessInstant(request.startDate, request.startTime, timeZone),
            end: businessInstant(request.startDate, request.endTime, timeZone),
          }
        : { uid, summary, firstDay: request.startDate, lastDay: request.endDate },
    );
  }
  const name = team ? `Punchclock: ${team.name}` : `Punchclock: ${nameOf.get(feed.userId) ?? ''}`;
  return writeCalendar(name, timeZone, entries);
}
