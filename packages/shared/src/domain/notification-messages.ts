import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { translate } from '../i18n/runtime.ts';
import { formatBusinessDateTime, formatBusinessTime } from './business-time.ts';
import { formatDistance } from './location-policy.ts';
import { EVENT_LABELS, TIME_EVENT_TYPES, type TimeEventType } from './time-state.ts';
import { formatBusinessDateLong, formatDate } from '../i18n/format.ts';

/**
 * What a notification says, as a message key and its values (decision 0044): stored with the
 * notification and put into words when someone reads it, in the reader's language, so a
 * notification follows the language its reader reads Punchclock in, now and after a change.
 * The title and message columns keep the English words for API clients and old rows.
 *
 * Values are stored raw and formatted when shown: an instant as ISO (shown as a time of day in
 * the zone stored beside it), a business date as yyyy-MM-dd ("Dec 17, 2026" when shown), a distance in metres, a punch as
 * its event type.
 */
type ValueKind =
  /** Words shown as they are (a name, a comment). */
  | 'text'
  /** A person's name, or null: "Someone". */
  | 'name'
  /** A count, for plurals. */
  | 'number'
  /** An ISO instant, shown as a time of day ("2:45 PM") in the `timeZone` value's zone. */
  | 'time'
  /** An ISO instant, shown as a date ("Nov 25, 2026") in the `timeZone` value's zone. */
  | 'day'
  /** An ISO instant, shown as a date and time ("Nov 25, 2026, 2:45 PM") in the `timeZone` value's zone. */
  | 'dateTime'
  /** A business date, yyyy-MM-dd, shown as "Dec 17, 2026" / "17 déc. 2026". */
  | 'date'
  /** The IANA zone the instants are shown in (not shown itself). */
  | 'zone'
  /** Metres ("350 m", "1.2 km"). */
  | 'distance'
  /** A punch's event type, shown as its label ("Clocked Out"). */
  | 'punch';

type ValueOf<Kind> = Kind extends 'number' | 'distance'
  ? number
  : Kind extends 'name'
    ? string | null
    : Kind extends 'punch'
      ? TimeEventType
      : string;

interface NotificationKind {
  title: MessageDescriptor;
  message: MessageDescriptor;
  values: Readonly<Record<string, ValueKind>>;
}

const AT_TIME = { time: 'time', timeZone: 'zone' } as const;
const OF_SHIFT = { templateName: 'text', ...AT_TIME } as const;
const OVER_LIMIT = { limit: 'number', ...AT_TIME } as const;
const OF_PERIOD = { start: 'date', end: 'date' } as const;
const DECIDED = { from: 'date', to: 'date' } as const;
/** Who made a flagged punch, and when. */
const FLAGGED_PUNCH = { name: 'name', when: 'dateTime', timeZone: 'zone' } as const;
const DECIDED_WITH_COMMENT = { ...DECIDED, comment: 'text' } as const;

/**
 * Every notification Punchclock writes, by key. Placeholders are the values' names. A key is
 * stored in rows: rename one only with a migration of the rows; a removed key's rows show the
 * English they were stored with.
 */
export const NOTIFICATION_MESSAGES = {
  // The notification rules (product §3).
  shift_reminder: {
    title: msg`Shift starting soon`,
    message: msg({ message: 'Your shift ({templateName}) starts at {time}.' }),
    values: OF_SHIFT,
  },
  late: {
    title: msg`You are late`,
    message: msg({
      message: 'Your shift ({templateName}) started at {time} and you have not clocked in.',
    }),
    values: OF_SHIFT,
  },
  'late.overseer': {
    title: msg({ message: '{subjectName} is late' }),
    message: msg({
      message:
        "{subjectName}'s shift ({templateName}) started at {startTime} and they have not clocked in.",
    }),
    values: { subjectName: 'text', templateName: 'text', startTime: 'time', timeZone: 'zone' },
  },
  forgot_clock_out: {
    title: msg`Still clocked in`,
    message: msg({ message: 'Your shift ended at {time}. Did you forget to clock out?' }),
    values: AT_TIME,
  },
  overbreak: {
    title: msg`Break over limit`,
    message: msg({
      message: 'Your break started at {time} and has passed its {limit} minute limit.',
    }),
    values: OVER_LIMIT,
  },
  'overbreak.overseer': {
    title: msg({ message: '{subjectName} is over their break' }),
    message: msg({
      message:
        "{subjectName}'s break started at {startTime} and has passed its {limit} minute limit.",
    }),
    values: { subjectName: 'text', limit: 'number', startTime: 'time', timeZone: 'zone' },
  },
  overlunch: {
    title: msg`Lunch over limit`,
    message: msg({
      message: 'Your lunch started at {time} and has passed its {limit} minute limit.',
    }),
    values: OVER_LIMIT,
  },
  'overlunch.overseer': {
    title: msg({ message: '{subjectName} is over their lunch' }),
    message: msg({
      message:
        "{subjectName}'s lunch started at {startTime} and has passed its {limit} minute limit.",
    }),
    values: { subjectName: 'text', limit: 'number', startTime: 'time', timeZone: 'zone' },
  },

  // Punch locations (decision 0028): a punch flagged under "warn", told to the admins.
  'punch_location.outside': {
    title: msg`Punch outside the allowed places`,
    message: msg({
      message:
        '{name} punched {distance} from {placeName} on {when}. Adherence Reports shows it on their day.',
    }),
    values: { ...FLAGGED_PUNCH, distance: 'distance', placeName: 'text' },
  },
  'punch_location.imprecise': {
    title: msg`Punch outside the allowed places`,
    message: msg({
      message:
        '{name} punched on {when} with a location too imprecise (± {imprecision}) to show they were at {placeName}. Adherence Reports shows it on their day.',
    }),
    values: { ...FLAGGED_PUNCH, imprecision: 'distance', placeName: 'text' },
  },
  'punch_location.no_position': {
    title: msg`Punch outside the allowed places`,
    message: msg({
      message:
        '{name} punched on {when} without sharing a location. Adherence Reports shows it on their day.',
    }),
    values: FLAGGED_PUNCH,
  },

  // A punch kept on an offline kiosk and refused for good (decision 0027).
  'kiosk_offline_refused.identified': {
    title: msg`Kiosk punch not recorded`,
    message: msg({
      message:
        'The punch “{label}” made offline at {deviceName} on {date} at {time} could not be recorded: {reason}',
    }),
    values: {
      label: 'punch',
      deviceName: 'text',
      date: 'day',
      time: 'time',
      timeZone: 'zone',
      reason: 'text',
    },
  },
  'kiosk_offline_refused.unidentified': {
    title: msg`Kiosk punch not recorded`,
    message: msg({
      message:
        'The punch “{label}” made offline at {deviceName} on {date} at {time} for employee number {employeeNumber} could not be recorded: {reason}',
    }),
    values: {
      label: 'punch',
      deviceName: 'text',
      date: 'day',
      time: 'time',
      timeZone: 'zone',
      employeeNumber: 'text',
      reason: 'text',
    },
  },

  // Timesheets: the reminder, findings for managers, the decision for the person.
  timesheet_due: {
    title: msg`Submit your timesheet`,
    message: msg({
      message:
        'Today is the last day of the pay period {start} to {end}. Check your hours and submit your timesheet.',
    }),
    values: OF_PERIOD,
  },
  timesheet_findings: {
    title: msg`Timesheet with labour-law findings`,
    message: msg({
      message:
        '{name} submitted their timesheet for {start} to {end} with {findingsCount, plural, one {# labour-law finding} other {# labour-law findings}}.',
    }),
    values: { name: 'name', ...OF_PERIOD, findingsCount: 'number' },
  },
  'timesheet.approved': {
    title: msg`Timesheet approved`,
    message: msg({ message: 'Your timesheet for {start} to {end} was approved.' }),
    values: OF_PERIOD,
  },
  'timesheet.approved_comment': {
    title: msg`Timesheet approved`,
    message: msg({ message: 'Your timesheet for {start} to {end} was approved: {comment}' }),
    values: { ...OF_PERIOD, comment: 'text' },
  },
  'timesheet.returned': {
    title: msg`Timesheet returned`,
    message: msg({ message: 'Your timesheet for {start} to {end} was returned.' }),
    values: OF_PERIOD,
  },
  'timesheet.returned_comment': {
    title: msg`Timesheet returned`,
    message: msg({ message: 'Your timesheet for {start} to {end} was returned: {comment}' }),
    values: { ...OF_PERIOD, comment: 'text' },
  },

  // Decisions on a person's requests (approvals).
  'time_off.approved': {
    title: msg`Request approved`,
    message: msg({ message: 'Your time off from {from} to {to} was approved.' }),
    values: DECIDED,
  },
  'time_off.approved_comment': {
    title: msg`Request approved`,
    message: msg({ message: 'Your time off from {from} to {to} was approved: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  'time_off.rejected': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your time off from {from} to {to} was rejected.' }),
    values: DECIDED,
  },
  'time_off.rejected_comment': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your time off from {from} to {to} was rejected: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  'correction.approved': {
    title: msg`Request approved`,
    message: msg({ message: 'Your correction for {from} was approved.' }),
    values: DECIDED,
  },
  'correction.approved_comment': {
    title: msg`Request approved`,
    message: msg({ message: 'Your correction for {from} was approved: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  'correction.rejected': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your correction for {from} was rejected.' }),
    values: DECIDED,
  },
  'correction.rejected_comment': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your correction for {from} was rejected: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  'late_punch.approved': {
    title: msg`Request approved`,
    message: msg({ message: 'Your punch recorded late for {from} was approved.' }),
    values: DECIDED,
  },
  'late_punch.approved_comment': {
    title: msg`Request approved`,
    message: msg({ message: 'Your punch recorded late for {from} was approved: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  'late_punch.rejected': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your punch recorded late for {from} was rejected.' }),
    values: DECIDED,
  },
  'late_punch.rejected_comment': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your punch recorded late for {from} was rejected: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  // Rosters (#30): publishing and shift trades.
  'roster.published': {
    title: msg`Schedule published`,
    message: msg({
      message:
        'Your schedule for the week of {weekStart} was published: {count, plural, one {# shift added or changed} other {# shifts added or changed}}, {removed, plural, one {# removed} other {# removed}}.',
    }),
    values: { weekStart: 'date', count: 'number', removed: 'number' },
  },
  'shift_trade.offered': {
    title: msg`Shift offered to you`,
    message: msg({ message: '{name} offers you their shift on {date}.' }),
    values: { name: 'name', date: 'date' },
  },
  'shift_trade.taken': {
    title: msg`Shift taken`,
    message: msg({
      message: '{name} took your shift on {date}; a manager decides next.',
    }),
    values: { name: 'name', date: 'date' },
  },
  'shift_trade.declined': {
    title: msg`Shift offer declined`,
    message: msg({ message: '{name} declined your shift on {date}.' }),
    values: { name: 'name', date: 'date' },
  },
  'shift_trade.requested': {
    title: msg`Shift change to approve`,
    message: msg({ message: '{name} asks for a shift change on {date}.' }),
    values: { name: 'name', date: 'date' },
  },
  'shift_trade.given': {
    title: msg`Shift added to your schedule`,
    message: msg({ message: 'The shift on {date} is now yours.' }),
    values: { date: 'date' },
  },
  'shift_trade.voided': {
    title: msg`Shift change withdrawn`,
    message: msg({
      message: 'The shift change for {date} was withdrawn: the shift was changed on the roster.',
    }),
    values: { date: 'date' },
  },
  'shift_trade.approved': {
    title: msg`Request approved`,
    message: msg({ message: 'Your shift change for {from} was approved.' }),
    values: DECIDED,
  },
  'shift_trade.approved_comment': {
    title: msg`Request approved`,
    message: msg({ message: 'Your shift change for {from} was approved: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
  'shift_trade.rejected': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your shift change for {from} was rejected.' }),
    values: DECIDED,
  },
  'shift_trade.rejected_comment': {
    title: msg`Request rejected`,
    message: msg({ message: 'Your shift change for {from} was rejected: {comment}' }),
    values: DECIDED_WITH_COMMENT,
  },
} as const satisfies Record<string, NotificationKind>;

export type NotificationMessageKey = keyof typeof NOTIFICATION_MESSAGES;

/** The values a key's message takes, typed by the registry. */
export type NotificationMessageValues<Key extends NotificationMessageKey> = {
  -readonly [Name in keyof (typeof NOTIFICATION_MESSAGES)[Key]['values']]: ValueOf<
    (typeof NOTIFICATION_MESSAGES)[Key]['values'][Name]
  >;
};

/** What a notification says, as stored (notifications.message_key, message_values). */
export interface NotificationMessage {
  messageKey: string;
  messageValues: Record<string, unknown>;
}

/** A notification's words, typed: the key and the values its message needs. */
export function notificationMessage<Key extends NotificationMessageKey>(
  messageKey: Key,
  messageValues: NotificationMessageValues<Key>,
): NotificationMessage & { messageKey: Key } {
  return { messageKey, messageValues };
}

export function isNotificationMessageKey(key: string): key is NotificationMessageKey {
  return Object.hasOwn(NOTIFICATION_MESSAGES, key);
}

/**
 * A notification's title and message in the current language (the reader's: a request's, or
 * `withLocale` for an email or a push). A row without a key (written before keys), with a key
 * this version does not know, or with values that do not fit its key, says what it was stored
 * with.
 */
export function renderNotification(notification: {
  title?: string;
  message?: string;
  messageKey?: string | null;
  messageValues?: unknown;
}): { title: string; message: string } {
  const stored = { title: notification.title ?? '', message: notification.message ?? '' };
  const { messageKey, messageValues } = notification;
  if (!messageKey || !isNotificationMessageKey(messageKey)) return stored;
  const kind: NotificationKind = NOTIFICATION_MESSAGES[messageKey];
  const values = formatValues(kind.values, messageValues);
  if (!values) return stored;
  return {
    title: translate({ ...kind.title, values }),
    message: translate({ ...kind.message, values }),
  };
}

/** The stored values, formatted for the current language; null when one is missing or wrong. */
function formatValues(
  kinds: Readonly<Record<string, ValueKind>>,
  raw: unknown,
): Record<string, string | number> | null {
  if (typeof raw !== 'object' || raw === null) return Object.keys(kinds).length === 0 ? {} : null;
  const stored = raw as Record<string, unknown>;
  const timeZone = stored.timeZone;
  const formatted: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = stored[name];
    const text = formatValue(kind, value, typeof timeZone === 'string' ? timeZone : null);
    if (text === null) return null;
    formatted[name] = text;
  }
  return formatted;
}

function formatValue(
  kind: ValueKind,
  value: unknown,
  timeZone: string | null,
): string | number | null {
  switch (kind) {
    case 'text':
    case 'zone':
      return typeof value === 'string' ? value : null;
    case 'name':
      if (value === null) return t`Someone`;
      return typeof value === 'string' ? value : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'distance':
      return typeof value === 'number' && Number.isFinite(value) ? formatDistance(value) : null;
    case 'punch':
      return typeof value === 'string' && (TIME_EVENT_TYPES as readonly string[]).includes(value)
        ? EVENT_LABELS[value as TimeEventType]
        : null;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatBusinessDateLong(value)
        : null;
    case 'time':
    case 'day':
    case 'dateTime': {
      if (typeof value !== 'string' || !timeZone || Number.isNaN(Date.parse(value))) return null;
      if (kind === 'time') return formatBusinessTime(value, timeZone);
      if (kind === 'dateTime') return formatBusinessDateTime(value, timeZone);
      return formatDate(value, 'MMM d, yyyy', { timeZone });
    }
  }
}
