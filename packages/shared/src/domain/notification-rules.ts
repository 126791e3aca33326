import { t } from '@lingui/core/macro';
import { formatBusinessTime } from './business-time.ts';
import { deriveTimeState, findOpenShiftStart, sortEvents, type TimedEvent } from './time-state.ts';

export const NOTIFICATION_TYPES = [
  'late',
  'overbreak',
  'warning',
  'shift_reminder',
  'info',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationRuleSettings {
  /** Minutes after the shift start without a clock-in before "late" is raised. */
  lateAfterMinutes: number;
  /** Minutes before the shift start for the reminder. */
  reminderBeforeMinutes: number;
  /** Minutes after the shift end while still clocked in before the "forgot to clock out" warning. */
  forgotClockOutAfterMinutes: number;
  lunchLimitMinutes: number;
  defaultBreakLimitMinutes: number;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationRuleSettings = {
  lateAfterMinutes: 5,
  reminderBeforeMinutes: 10,
  forgotClockOutAfterMinutes: 120,
  lunchLimitMinutes: 30,
  defaultBreakLimitMinutes: 15,
};

/** A clock-in this long before the start counts for the shift (people come in early). */
const EARLY_CLOCK_IN_MINUTES = 180;

export interface ScheduledShift {
  /** Business day the shift starts on. */
  date: string;
  templateName: string;
  start: Date;
  end: Date;
  breakLimitMinutes: number;
}

export type RuleEvent = TimedEvent & { id: string };

export interface PersonSnapshot {
  userId: string;
  /** Shifts that may matter now: today's and yesterday's (an overnight one may still run). */
  shifts: ScheduledShift[];
  /** Recent punches (yesterday and today is enough). */
  events: RuleEvent[];
}

export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  /** Unique per user: the same occasion never notifies twice, whichever server runs the rule. */
  occasionKey: string;
  title: string;
  message: string;
  /** For copies to overseers: who it is about (null when nobody could be identified). */
  subjectUserId: string | null;
}

const MINUTE = 60_000;

/**
 * How to word an overseer's copy of a draft, in the language current when the copy is made (the
 * overseer's), since the draft itself is worded in its recipient's.
 */
const overseerWordings = new WeakMap<
  NotificationDraft,
  (subjectName: string) => { title: string; message: string }
>();

function hasClockInBetween(events: readonly RuleEvent[], from: number, to: number): boolean {
  return events.some((event) => {
    const at = Date.parse(event.occurredAt);
    return event.eventType === 'clock_in' && at >= from && at <= to;
  });
}

/**
 * The rules behind the bell, as a pure function of one person's schedule, punches and the time.
 * The caller stores drafts under (user, occasionKey), so running it every minute — on any
 * number of servers — raises each notification once.
 */
export function evaluateNotificationRules(
  person: PersonSnapshot,
  now: Date,
  today: string,
  timeZone: string,
  settings: NotificationRuleSettings = DEFAULT_NOTIFICATION_SETTINGS,
): NotificationDraft[] {
  const drafts: NotificationDraft[] = [];
  const nowMs = now.getTime();
  const events = sortEvents(person.events);
  const at = (instant: Date) => formatBusinessTime(instant, timeZone);
  const draft = (
    type: NotificationType,
    occasionKey: string,
    title: string,
    message: string,
    overseerWording?: (subjectName: string) => { title: string; message: string },
  ) => {
    const created: NotificationDraft = {
      userId: person.userId,
      type,
      occasionKey,
      title,
      message,
      subjectUserId: person.userId,
    };
    if (overseerWording) overseerWordings.set(created, overseerWording);
    drafts.push(created);
  };

  for (const shift of person.shifts) {
    const startMs = shift.start.getTime();
    const endMs = shift.end.getTime();
    const clockedInForShift = hasClockInBetween(
      events,
      startMs - EARLY_CLOCK_IN_MINUTES * MINUTE,
      nowMs,
    );

    if (
      !clockedInForShift &&
      nowMs >= startMs - settings.reminderBeforeMinutes * MINUTE &&
      nowMs < startMs
    ) {
      const templateName = shift.templateName;
      const time = at(shift.start);
      draft(
        'shift_reminder',
        `shift_reminder:${shift.date}`,
        t`Shift starting soon`,
        t`Your ${templateName} shift starts at ${time}.`,
      );
    }
    if (
      !clockedInForShift &&
      nowMs >= startMs + settings.lateAfterMinutes * MINUTE &&
      nowMs < endMs
    ) {
      const templateName = shift.templateName;
      const shiftStart = shift.start;
      const time = at(shiftStart);
      draft(
        'late',
        `late:${shift.date}`,
        t`You are late`,
        t`Your ${templateName} shift started at ${time} and you have not clocked in.`,
        (subjectName) => {
          const startTime = at(shiftStart);
          return {
            title: t`${subjectName} is late`,
            message: t`${subjectName}'s ${templateName} shift started at ${startTime} and they have not clocked in.`,
          };
        },
      );
    }
    const openShiftStart = findOpenShiftStart(events);
    const isStillIn =
      openShiftStart !== undefined &&
      Date.parse(openShiftStart.occurredAt) < endMs &&
      deriveTimeState(events, nowMs, today) !== 'none';
    if (isStillIn && nowMs >= endMs + settings.forgotClockOutAfterMinutes * MINUTE) {
      const time = at(shift.end);
      draft(
        'warning',
        `forgot_clock_out:${shift.date}`,
        t`Still clocked in`,
        t`Your shift ended at ${time}. Did you forget to clock out?`,
      );
    }
  }

  const state = deriveTimeState(events, nowMs, today);
  const current = events.at(-1);
  if (current && (state === 'break' || state === 'lunch')) {
    const todaysShift = person.shifts.find((shift) => shift.date === today) ?? person.shifts[0];
    const limit =
      state === 'lunch'
        ? settings.lunchLimitMinutes
        : (todaysShift?.breakLimitMinutes ?? settings.defaultBreakLimitMinutes);
    const elapsedMinutes = Math.floor((nowMs - Date.parse(current.occurredAt)) / MINUTE);
    if (elapsedMinutes > limit) {
      const startedAt = new Date(current.occurredAt);
      const time = at(startedAt);
      const isLunch = state === 'lunch';
      draft(
        'overbreak',
        `overbreak:${current.id}`,
        isLunch ? t`Lunch over limit` : t`Break over limit`,
        isLunch
          ? t`Your lunch started at ${time} and has passed its ${limit} minute limit.`
          : t`Your break started at ${time} and has passed its ${limit} minute limit.`,
        (subjectName) => {
          const startTime = at(startedAt);
          return isLunch
            ? {
                title: t`${subjectName} is over their lunch`,
                message: t`${subjectName}'s lunch started at ${startTime} and has passed its ${limit} minute limit.`,
              }
            : {
                title: t`${subjectName} is over their break`,
                message: t`${subjectName}'s break started at ${startTime} and has passed its ${limit} minute limit.`,
              };
        },
      );
    }
  }
  return drafts;
}

/** Types that overseers (admins, the person's team lead) receive a copy of. */
export const COPIED_TO_OVERSEERS: ReadonlySet<NotificationType> = new Set(['late', 'overbreak']);

/** The copy an overseer gets: same occasion, about someone else. */
export function draftOverseerCopy(
  original: NotificationDraft,
  overseerId: string,
  subjectName: string,
): NotificationDraft {
  const wording = overseerWordings.get(original)?.(subjectName);
  if (wording) {
    return {
      ...original,
      userId: overseerId,
      occasionKey: `${original.occasionKey}:${original.subjectUserId}`,
      ...wording,
    };
  }
  // A draft made elsewhere: its English wording, reworded about the person.
  const title =
    original.type === 'late'
      ? t`${subjectName} is late`
      : original.title.startsWith('Lunch')
        ? t`${subjectName} is over their lunch`
        : t`${subjectName} is over their break`;
  return {
    ...original,
    userId: overseerId,
    occasionKey: `${original.occasionKey}:${original.subjectUserId}`,
    title,
    message: original.message
      .replace(/^Your /, `${subjectName}'s `)
      .replace(/ you have not/, ' they have not'),
  };
}
