import { t } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  historyQuerySchema,
  recordTimeEventRequestSchema,
  type HistoryResponse,
  type RecordTimeEventRequest,
  type RecordTimeEventResponse,
  type TimeEvent,
  type TodayResponse,
} from '@punchclock/shared/contracts/time-tracking';
import { DEFAULT_BREAK_MINUTES, LUNCH_MINUTES } from '@punchclock/shared/domain/break-timer';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { applyCorrections } from '@punchclock/shared/domain/corrections';
import { summariseDay } from '@punchclock/shared/domain/day-summary';
import { earlyClockInWarning } from '@punchclock/shared/domain/early-clock-in';
import { isWorkingDay, shiftInstants } from '@punchclock/shared/domain/schedule';
import {
  checkTransition,
  deriveTimeState,
  findOpenShiftStart,
  shiftDayForPunch,
} from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import {
  checkPunchLocation,
  findLocationPolicy,
  listPunchLocations,
  tellAdminsOfFlaggedPunch,
} from '../locations/index.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { listApprovedCorrections, toDomainCorrection } from './corrections-repository.ts';
import { listUnreviewedEventIds } from './late-punches-repository.ts';
import { approvalsChangedPayloads } from '../request-decisions/index.ts';
import {
  findAssignedTemplate,
  listEventDays,
  listEventsFromDate,
  listEventsOnDates,
  lockUserForTimeTracking,
  readPunchContext,
  writePunch,
  type StoredTimeEvent,
} from './repository.ts';

/** How far back an action captured offline may be replayed, and how much clock skew we allow. */
export const OFFLINE_MAX_AGE_HOURS = 24;
const CLOCK_SKEW_MS = 60_000;

function publicEvent({ userId: _userId, ...event }: StoredTimeEvent): TimeEvent {
  return event;
}

function checkOfflineTime(capturedAt: Date, now: Date, latest: StoredTimeEvent | undefined): void {
  if (capturedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new Invalid(t`This action is dated in the future and was not recorded`, 'offline_future');
  }
  if (now.getTime() - capturedAt.getTime() > OFFLINE_MAX_AGE_HOURS * 3_600_000) {
    throw new Invalid(
      t`This action was captured more than ${OFFLINE_MAX_AGE_HOURS} hours ago and was not recorded`,
      'offline_too_old',
    );
  }
  if (latest && capturedAt.getTime() < Date.parse(latest.occurredAt)) {
    throw new Conflict(
      t`This action is older than your last recorded action and was not recorded`,
      'offline_out_of_order',
    );
  }
}

/** The settings recording a punch depends on (AppConfig). */
export interface PunchPolicy {
  timeZone: string;
  latePunchReviewMinutes: number;
  /** A clock-in more than this long before today's shift start gets a warning. */
  earlyClockInWarningMinutes: number;
}

/** The hint for a clock-in long before the person's scheduled shift on that day, if any. */
async function warnIfEarly(
  db: Db,
  policy: PunchPolicy,
  userId: string,
  clockIn: StoredTimeEvent,
): Promise<string | null> {
  const template = await findAssignedTemplate(db, userId, clockIn.shiftDate);
  if (!template || !isWorkingDay(template, clockIn.shiftDate)) return null;
  return earlyClockInWarning({
    clockInAt: new Date(clockIn.occurredAt),
    shiftStart: shiftInstants(template, clockIn.shiftDate, policy.timeZone).start,
    marginMinutes: policy.earlyClockInWarningMinutes,
    timeZone: policy.timeZone,
  });
}

/** Minutes between a punch's stated time and its arrival, when that calls for a review. */
function minutesLateForReview(statedAt: Date, arrivedAt: Date, policy: PunchPolicy): number | null {
  const minutesLate = Math.floor((arrivedAt.getTime() - statedAt.getTime()) / 60_000);
  return minutesLate > policy.latePunchReviewMinutes ? minutesLate : null;
}

/** Another punch of the person came in between reading and writing; decide again. */
const DECIDE_AGAIN = Symbol('decide again');

/**
 * Record one punch. The server owns the state machine; one user's requests are serialised;
 * the client's id makes a retry return the first result instead of writing twice. A punch
 * dated well before it arrives counts at once but waits for an approver (decision 0013).
 *
 * One read and one write (decision 0022): read the person's recent punches, let the state
 * machine decide, then write the punch with its audit row, review, stale days and live
 * messages in one statement that first takes the person's lock and checks nobody punched in
 * between. If somebody did — or the state machine refuses — decide again holding the lock, as
 * every punch used to.
 */
/** A punch made at a kiosk: recorded with source 'kiosk' and the device. */
export interface KioskOrigin {
  deviceId: string;
  deviceName: string;
}

/**
 * Where a punch made for someone comes from: a kiosk, or another system recording it on their
 * behalf with an API token (#18 point 2). Either is a place an admin chose, so the team's
 * location rule does not apply; the person's own punches pass no origin.
 */
export type PunchOrigin =
  ({ kind: 'kiosk' } & KioskOrigin) | { kind: 'on-behalf'; actorId: string };

export async function recordTimeEvent(
  db: Db,
  policy: PunchPolicy,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
  fixedNow?: Date,
  origin?: PunchOrigin,
): Promise<RecordTimeEventResponse> {
  const input = parseInput(recordTimeEventRequestSchema, rawInput);
  // A kiosk or an integration is a place an admin chose; elsewhere the team's policy applies.
  const location = origin
    ? null
    : await checkPunchLocation(db, {
        userId,
        eventId: input.id,
        position: input.position ?? null,
        ip: meta.ip,
      });
  const locationWarning = location?.decision === 'flag' ? location.message : null;
  const result = await decideAndWriteOnce(db, policy, userId, input, meta, {
    fixedNow,
    origin,
    locationWarning,
  });
  if (location && !result.isReplay) {
    await tellAdminsOfFlaggedPunch(
      db,
      {
        userId,
        eventId: input.id,
        occurredAt: result.event.occurredAt,
        timeZone: policy.timeZone,
      },
      location,
    );
  }
  return result;
}

/**
 * A punch another system records for a person with an API token (an admin's or a service
 * token with `punches:write`): the same rules as the person's own, recorded with source 'api'
 * and the caller as the audit actor. A suspended person punches no more, this way or any other.
 */
export async function recordTimeEventFor(
  db: Db,
  policy: PunchPolicy,
  rawPersonId: string,
  rawInput: unknown,
  meta: RequestMeta,
  actorId: string,
): Promise<RecordTimeEventResponse> {
  const personId = z.uuid().safeParse(rawPersonId);
  const [person] = personId.success
    ? await db
        .select({ isSuspended: profiles.isSuspended })
        .from(profiles)
        .where(eq(profiles.id, personId.data))
    : [];
  if (!person || !personId.success) throw new NotFound(t`No such person`);
  if (person.isSuspended) {
    throw new Conflict(t`This person is suspended: no punches are recorded for them`, 'suspended');
  }
  return recordTimeEvent(db, policy, personId.data, rawInput, meta, undefined, {
    kind: 'on-behalf',
    actorId,
  });
}

/** decideAndWrite, and again under the person's lock when something moved in between. */
async function decideAndWriteOnce(
  db: Db,
  policy: PunchPolicy,
  userId: string,
  input: RecordTimeEventRequest,
  meta: RequestMeta,
  options: {
    fixedNow: Date | undefined;
    origin: PunchOrigin | undefined;
    locationWarning: string | null;
  },
): Promise<RecordTimeEventResponse> {
  const { fixedNow, origin, locationWarning } = options;
  const first = await decideAndWrite(db, policy, userId, input, meta, {
    fixedNow,
    locked: false,
    origin,
    locationWarning,
  });
  if (first !== DECIDE_AGAIN) return first;
  return db.transaction(async (tx) => {
    await lockUserForTimeTracking(tx, userId);
    // Under the lock only a punch with the same id, by someone else, can still get in between.
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await decideAndWrite(tx, policy, userId, input, meta, {
        fixedNow,
        locked: true,
        origin,
        locationWarning,
      });
      if (result !== DECIDE_AGAIN) return result;
    }
    throw new Conflict(t`This event id was already used for another action`, 'id_reused');
  });
}

async function decideAndWrite(
  db: Db,
  policy: PunchPolicy,
  userId: string,
  input: RecordTimeEventRequest,
  meta: RequestMeta,
  {
    fixedNow,
    locked,
    origin,
    locationWarning,
  }: {
    fixedNow: Date | undefined;
    locked: boolean;
    origin: PunchOrigin | undefined;
    locationWarning: string | null;
  },
): Promise<RecordTimeEventResponse | typeof DECIDE_AGAIN> {
  const { timeZone } = policy;
  // Read the clock before the person's punches, so a punch committed after this read (and so
  // perhaps later than `now`) is seen by the write's guard and this decision is made again.
  const now = fixedNow ?? new Date();
  const statedAt = input.capturedOfflineAt ? new Date(input.capturedOfflineAt) : now;
  const from = shiftDate(toBusinessDate(statedAt, timeZone), -1);
  const { existing, recent } = await readPunchContext(db, userId, input.id, from);
  if (existing) {
    if (existing.userId !== userId || existing.eventType !== input.eventType) {
      throw new Conflict(t`This event id was already used for another action`, 'id_reused');
    }
    return { event: publicEvent(existing), isReplay: true, needsReview: false, warning: null };
  }

  let occurredAt = statedAt;
  const latest = recent.at(-1);
  // A refusal that depends on the person's punches is only made holding their lock: a punch of
  // theirs in flight (another tab, the offline queue) may be what makes this one allowed.
  try {
    if (input.capturedOfflineAt) checkOfflineTime(occurredAt, now, latest);
  } catch (error) {
    if (error instanceof Conflict && !locked) return DECIDE_AGAIN;
    throw error;
  }
  // Two punches at one instant would leave their order, and so the state, undefined.
  if (latest && occurredAt.getTime() <= Date.parse(latest.occurredAt)) {
    occurredAt = new Date(Date.parse(latest.occurredAt) + 1);
  }
  const date = toBusinessDate(occurredAt, timeZone);

  const state = deriveTimeState(recent, occurredAt.getTime(), date);
  const check = checkTransition(state, input.eventType);
  if (!check.allowed) {
    if (!locked) return DECIDE_AGAIN;
    throw new Conflict(check.message, 'invalid_transition');
  }

  // Clocking in from none/clocked-out opens a shift on its own day; every later punch (back
  // from a break included) belongs to that shift.
  const shiftDay = shiftDayForPunch(recent, occurredAt.getTime(), date);
  const kiosk = origin?.kind === 'kiosk' ? origin : undefined;
  const source = kiosk
    ? 'kiosk'
    : meta.apiTokenId
      ? 'api'
      : input.capturedOfflineAt
        ? 'offline_sync'
        : 'web';
  const event: StoredTimeEvent = {
    id: input.id,
    userId,
    eventType: input.eventType,
    occurredAt: occurredAt.toISOString(),
    date,
    shiftDate: shiftDay,
    source,
  };
  const minutesLate = minutesLateForReview(statedAt, now, policy);
  const write = writePunch(db, {
    event: { ...event, occurredAt, kioskDeviceId: kiosk?.deviceId ?? null },
    decidedOn: { from, eventIds: recent.map((punch) => punch.id) },
    audit: {
      actorId: origin?.kind === 'on-behalf' ? origin.actorId : userId,
      action: 'time_event.record',
      entityType: 'time_event',
      entityId: event.id,
      after: {
        userId,
        eventType: event.eventType,
        occurredAt: event.occurredAt,
        source,
        ...(kiosk ? { kiosk: kiosk.deviceName } : {}),
      },
      meta,
    },
    latePunchReview:
      minutesLate === null
        ? null
        : { timeEventId: event.id, userId, date: shiftDay, minutesLate, requestedAt: now },
    staleDays: { from: shiftDay, to: shiftDay },
    live: [
      { userId, topic: 'time_events' },
      { role: 'admin', topic: 'team_activity' },
      ...(minutesLate === null ? [] : approvalsChangedPayloads()),
    ],
  });
  // The early clock-in hint reads the schedule only; on PostgreSQL it runs beside the write.
  const [outcome, earlyWarning] = await Promise.all([
    write,
    event.eventType === 'clock_in' ? warnIfEarly(db, policy, userId, event) : null,
  ]);
  if (outcome !== 'recorded') return DECIDE_AGAIN;
  const warning = locationWarning
    ? t`${locationWarning}: the punch is recorded and your manager is told.`
    : earlyWarning;
  return { event: publicEvent(event), isReplay: false, needsReview: minutesLate !== null, warning };
}

export async function getToday(
  db: Db,
  timeZone: string,
  userId: string,
  now: Date = new Date(),
): Promise<TodayResponse> {
  const today = toBusinessDate(now, timeZone);
  const [recent, template, location] = await Promise.all([
    listEventsFromDate(db, userId, shiftDate(today, -1)),
    findAssignedTemplate(db, userId, today),
    findLocationPolicy(db, userId),
  ]);
  const state = deriveTimeState(recent, now.getTime(), today);
  const isActive = state === 'clock_in' || state === 'break' || state === 'lunch';
  return {
    date: today,
    timeZone,
    state,
    events: recent.filter((event) => event.date === today).map(publicEvent),
    stateSince: isActive ? (recent.at(-1)?.occurredAt ?? null) : null,
    shiftStartedAt: isActive ? (findOpenShiftStart(recent)?.occurredAt ?? null) : null,
    breakLimitMinutes: template?.breakDurationMins ?? DEFAULT_BREAK_MINUTES,
    lunchLimitMinutes: LUNCH_MINUTES,
    locationMode: location.mode,
    todayShift: template && {
      templateName: template.templateName,
      workStart: template.workStart.slice(0, 5),
      workEnd: template.workEnd.slice(0, 5),
      lunchStart: template.lunchStart?.slice(0, 5) ?? null,
      lunchEnd: template.lunchEnd?.slice(0, 5) ?? null,
      isWorkingDay: isWorkingDay(template, today),
    },
  };
}

export async function getHistory(
  db: Db,
  timeZone: string,
  userId: string,
  rawQuery: unknown,
  now: Date = new Date(),
): Promise<HistoryResponse> {
  const query = parseInput(historyQuerySchema, rawQuery);
  const today = toBusinessDate(now, timeZone);
  const range = { from: query.from ?? '2000-01-01', to: query.to ?? today };
  const { dates, total } = await listEventDays(db, userId, range, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const sortedDates = [...dates].sort();
  const [first, last] = [sortedDates[0] ?? '', sortedDates.at(-1) ?? ''];
  const [storedEvents, corrections, unreviewed] = await Promise.all([
    listEventsOnDates(db, userId, dates),
    sortedDates.length ? listApprovedCorrections(db, [userId], first, last) : Promise.resolve([]),
    listUnreviewedEventIds(db, sortedDates.length ? [userId] : [], first, last),
  ]);
  // The person sees where each of their punches was made (decision 0028).
  const locations = await listPunchLocations(
    db,
    storedEvents.map((event) => event.id),
  );
  const events = storedEvents.map((event) => {
    const location = locations.get(event.id);
    return location ? { ...event, location } : event;
  });
  const days = dates.map((date) => {
    const raw = events.filter((event) => event.shiftDate === date).map(publicEvent);
    const dayCorrections = corrections.filter((correction) => correction.date === date);
    // The day counts with approved corrections on top; the raw punches stay visible beside it.
    const corrected = applyCorrections(raw, dayCorrections.map(toDomainCorrection));
    const dayEvents = corrected.events.map((event) =>
      'source' in event
        ? event
        : { ...event, shiftDate: date, source: 'admin_correction' as const },
    );
    // A shift still running (today's, or last night's) counts up to now; an old one does not.
    const state = deriveTimeState(dayEvents, now.getTime(), today);
    const isRunning = date >= shiftDate(today, -1) && state !== 'none' && state !== 'clock_out';
    const summary = summariseDay(dayEvents, isRunning ? now.getTime() : null);
    return {
      date,
      ...summary,
      events: dayEvents,
      isCorrected: corrected.isCorrected,
      unreviewedEventIds: raw.filter((event) => unreviewed.has(event.id)).map((event) => event.id),
      originalEvents: corrected.isCorrected ? raw : null,
      corrections: dayCorrections.map(({ kind, reason, decidedByName, decidedAt }) => ({
        kind,
        reason,
        decidedByName,
        decidedAt,
      })),
    };
  });
  return { days, page: query.page, pageSize: query.pageSize, totalDays: total };
}
