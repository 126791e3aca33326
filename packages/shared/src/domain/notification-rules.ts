import {
  notificationMessage,
  renderNotification,
  type NotificationMessage,
  type NotificationMessageKey,
} from './notification-messages.ts';
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

interface NotificationDraftBase {
  userId: string;
  type: NotificationType;
  /** Unique per user: the same occasion never notifies twice, whichever server runs the rule. */
  occasionKey: string;
  /** For copies to overseers: who it is about (null when nobody could be identified). */
  subjectUserId: string | null;
}

/**
 * A notification to write: what it says as a message key and its values (decision 0044), put
 * into words in each reader's language; or, for text made elsewhere, fixed words.
 */
export type NotificationDraft = NotificationDraftBase &
  (
    | NotificationMessage
    | { title: string; message: string; messageKey?: undefined; messageValues?: undefined }
  );

const MINUTE = 60_000;

/** The overseers' wording of the rules' own keys: the same occasion, about someone else. */
const OVERSEER_KEY_OF: Partial<Record<string, NotificationMessageKey>> = {
  late: 'late.overseer',
  overbreak: 'overbreak.overseer',
  overlunch: 'overlunch.overseer',
};

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
  const draft = (type: NotificationType, occasionKey: string, text: NotificationMessage) => {
    drafts.push({
      userId: person.userId,
      type,
      occasionKey,
      subjectUserId: person.userId,
      ...text,
    });
  };
  const at = (instant: Date) => ({ time: instant.toISOString(), timeZone });

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
      draft(
        'shift_reminder',
        `shift_reminder:${shift.date}`,
        notificationMessage('shift_reminder', {
          templateName: shift.templateName,
          ...at(shift.start),
        }),
      );
    }
    if (
      !clockedInForShift &&
      nowMs >= startMs + settings.lateAfterMinutes * MINUTE &&
      nowMs < endMs
    ) {
      draft(
        'late',
        `late:${shift.date}`,
        notificationMessage('late', { templateName: shift.templateName, ...at(shift.start) }),
      );
    }
    const openShiftStart = findOpenShiftStart(events);
    const isStillIn =
      openShiftStart !== undefined &&
      Date.parse(openShiftStart.occurredAt) < endMs &&
      deriveTimeState(events, nowMs, today) !== 'none';
    if (isStillIn && nowMs >= endMs + settings.forgotClockOutAfterMinutes * MINUTE) {
      draft(
        'warning',
        `forgot_clock_out:${shift.date}`,
        notificationMessage('forgot_clock_out', at(shift.end)),
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
      const startedAt = at(new Date(current.occurredAt));
      draft(
        'overbreak',
        `overbreak:${current.id}`,
        state === 'lunch'
          ? notificationMessage('overlunch', { limit, ...startedAt })
          : notificationMessage('overbreak', { limit, ...startedAt }),
      );
    }
  }
  return drafts;
}

/** Types that overseers (admins, the person's team lead) receive a copy of. */
export const COPIED_TO_OVERSEERS: ReadonlySet<NotificationType> = new Set(['late', 'overbreak']);

/** The copy an overseer gets: same occasion, about someone else, in words for them. */
export function draftOverseerCopy(
  original: NotificationDraft,
  overseerId: string,
  subjectName: string,
): NotificationDraft {
  const copy = {
    userId: overseerId,
    type: original.type,
    occasionKey: `${original.occasionKey}:${original.subjectUserId}`,
    subjectUserId: original.subjectUserId,
  };
  const overseerKey = original.messageKey ? OVERSEER_KEY_OF[original.messageKey] : undefined;
  if (original.messageKey !== undefined && overseerKey) {
    const { time, ...values } = original.messageValues;
    return {
      ...copy,
      messageKey: overseerKey,
      messageValues: { ...values, subjectName, startTime: time },
    };
  }
  // A draft with fixed words: its English, reworded about the person.
  const { title, message } = renderNotification(original);
  return {
    ...copy,
    title:
      original.type === 'late'
        ? `${subjectName} is late`
        : title.startsWith('Lunch')
          ? `${subjectName} is over their lunch`
          : `${subjectName} is over their break`,
    message: message
      .replace(/^Your /, `${subjectName}'s `)
      .replace(/ you have not/, ' they have not'),
  };
}
