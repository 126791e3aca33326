import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { API_TOKEN_KINDS } from '@punchclock/shared/contracts/api-tokens';
import { EMAIL_KINDS } from '@punchclock/shared/contracts/email';
import { UNKNOWN_PEOPLE_POLICIES } from '@punchclock/shared/contracts/sso';
import { LABOUR_AGREEMENT_KINDS } from '@punchclock/shared/contracts/pay-rules';
import { WEBHOOK_DELIVERY_STATUSES } from '@punchclock/shared/contracts/webhooks';
import { TIME_EVENT_SOURCES } from '@punchclock/shared/contracts/time-tracking';
import type { WeeklyRestRule } from '@punchclock/shared/domain/pay/labour-checks';
import type { LeavePayCode } from '@punchclock/shared/domain/pay/pay-codes';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { TIME_EVENT_TYPES } from '@punchclock/shared/domain/time-state';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const appRole = pgEnum('app_role', ROLES);
export const timeEventType = pgEnum('time_event_type', TIME_EVENT_TYPES);
export const timeEventSource = pgEnum('time_event_source', TIME_EVENT_SOURCES);
export const correctionKind = pgEnum('time_correction_kind', ['add', 'move', 'remove']);
export const approvalStatus = pgEnum('approval_status', [
  'pending',
  'approved',
  'rejected',
  'cancelled',
]);

/** Credentials live apart from the profile so no profile read can leak a hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null until the person sets one through their one-time link: nobody can sign in as them. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A team has at most one lead; a person belongs to at most one team (docs/decisions/0008). */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    leadUserId: uuid('lead_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where this team may punch (decision 0028): off, record, warn or require. */
    locationMode: text('location_mode').notNull().default('off'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('teams_name_lower_key').on(sql`lower(${table.name})`)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    isSuspended: boolean('is_suspended').notNull().default(false),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** First day of employment: vacation entitlement (ESA minimum) counts from it. */
    hireDate: date('hire_date', { mode: 'string' }),
    /** The payroll system's number for the person (payroll export), set by an admin. */
    employeeNumber: text('employee_number'),
    /** The PIN typed at a kiosk (decision 0026), argon2id like a password; null until set. */
    kioskPinHash: text('kiosk_pin_hash'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The kinds of email (contracts/email EMAIL_KINDS) the person turned off (#18 point 5). */
    emailOptOuts: text('email_opt_outs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set by an admin: this person signs in only through single sign-on (decision 0035). */
    passwordSignInOff: boolean('password_sign_in_off').notNull().default(false),
    /** The language the person reads Punchclock in (i18n/locales LOCALES); null: their browser's. */
    language: text('language'),
    /** Positions (skills) the person may work on a roster (#30), e.g. "Cashier". */
    positions: text('positions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Paid minutes a week the auto-fill plans for the person (#31); null: their team's setting. */
    minWeekMinutes: integer('min_week_minutes'),
    maxWeekMinutes: integer('max_week_minutes'),
    /** Whom the person reports to (#33 people import): shown and exported; approvals stay by team. */
    managerId: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The directory's own id for the person, sent by SCIM as `externalId` (#33). */
    scimExternalId: text('scim_external_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('profiles_team_idx').on(table.teamId)],
);

/**
 * One-time links to set a password (new accounts, resets). Only the token's SHA-256 is kept;
 * a link works once and expires.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_tokens_user_idx').on(table.userId)],
);

/** At most one role per user (product §3: one role each). */
export const userRoles = pgTable('user_roles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: appRole('role').notNull(),
});

/** Server-side sessions; `id` is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session was opened (password, password+totp, passkey, sso:<slug>…), for the sessions list. */
    signInMethod: text('sign_in_method'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Fixed-window counters for sign-in throttling, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Append-only record of who did what, when and from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The API token the change was made with (#18 point 2); null for a browser session. */
    apiTokenId: uuid('api_token_id'),
  },
  (table) => [
    index('audit_log_occurred_at_idx').on(table.occurredAt),
    index('audit_log_actor_idx').on(table.actorId),
  ],
);

/**
 * `occasion_key` names what a notification is about ("late:2026-11-23"); unique per user, so
 * the rules job can run every minute on every instance and still notify once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** In English, for API clients and rows older than message_key (decision 0044). */
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** What it says (notification-messages.ts), shown in each reader's language; null: old row. */
    messageKey: text('message_key'),
    messageValues: jsonb('message_values'),
    type: text('type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    occasionKey: text('occasion_key'),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('notifications_user_occasion_key').on(table.userId, table.occasionKey),
  ],
);

/**
 * A shift pattern. work_end <= work_start means the shift ends the next day; it belongs to the
 * day it starts. Templates in use are archived, never deleted, so history keeps its meaning.
 */
export const scheduleTemplates = pgTable(
  'schedule_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    workStart: time('work_start').notNull(),
    workEnd: time('work_end').notNull(),
    lunchStart: time('lunch_start'),
    lunchEnd: time('lunch_end'),
    breakDurationMins: integer('break_duration_mins').notNull().default(15),
    /** Weekdays the shift starts on, 0 = Sunday. */
    workingDays: integer('working_days')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::integer[]`),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('schedule_templates_name_lower_key').on(sql`lower(${table.name})`)],
);

export const assignedSchedules = pgTable(
  'assigned_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => scheduleTemplates.id),
    dateRangeStart: date('date_range_start', { mode: 'string' }).notNull(),
    dateRangeEnd: date('date_range_end', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('assigned_schedules_user_idx').on(table.userId, table.dateRangeStart),
    // The background jobs ask who is scheduled today: past assignments end before it (0016).
    index('assigned_schedules_range_end_idx').on(table.dateRangeEnd, table.dateRangeStart),
  ],
);

/**
 * A roster shift as planners see it on the board (#30, decision 0047): the working copy. Null
 * user: an open shift. People never read this table; they read `published_shifts`, which only
 * publishing writes. A published shift deleted on the board keeps its row here (deleted_at set)
 * until the next publish removes both.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The business day the shift starts; an overnight shift belongs to it. */
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    /** Not after start_time: the next day. */
    endTime: time('end_time').notNull(),
    lunchStart: time('lunch_start'),
    lunchEnd: time('lunch_end'),
    breakDurationMins: integer('break_duration_mins').notNull().default(15),
    position: text('position'),
    note: text('note'),
    overrideReason: text('override_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Bumped by every change; publish copies it, so "changed since published" is a comparison. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shifts_date_idx').on(table.date, table.teamId),
    // One shift per person per day on the board (decision 0047).
    uniqueIndex('shifts_user_date_key')
      .on(table.userId, table.date)
      .where(sql`${table.userId} is not null and ${table.deletedAt} is null`),
  ],
);

/**
 * What people see: the last published version of each shift (same id as in `shifts`). Every
 * "what is this person scheduled for" read (adherence, lateness, the break board, timesheets,
 * calendar feeds, notifications) takes a person's published shift on a day over their template.
 */
export const publishedShifts = pgTable(
  'published_shifts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    lunchStart: time('lunch_start'),
    lunchEnd: time('lunch_end'),
    breakDurationMins: integer('break_duration_mins').notNull().default(15),
    position: text('position'),
    note: text('note'),
    /** The `shifts.version` published. */
    version: integer('version').notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('published_shifts_user_date_key')
      .on(table.userId, table.date)
      .where(sql`${table.userId} is not null`),
    index('published_shifts_date_idx').on(table.date, table.teamId),
  ],
);

/** A person's recurring weekly availability (#30 item 4): unstated times are available. */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = Sunday. */
    weekday: integer('weekday').notNull(),
    /** available, prefer_not or unavailable. */
    kind: text('kind').notNull(),
    /** Both null: the whole day. */
    startTime: time('start_time'),
    endTime: time('end_time'),
  },
  (table) => [index('availability_rules_user_idx').on(table.userId, table.weekday)],
);

/** One-off availability for a date: replaces the weekly pattern that day. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [index('availability_exceptions_user_idx').on(table.userId, table.date)],
);

/**
 * Open-shift claims, swaps and drops (#30 item 5). A trade names the published shift; approving
 * it moves the shift (in `shifts` and `published_shifts` at once: an approved trade is published).
 */
export const shiftTrades = pgTable(
  'shift_trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** claim, swap or drop. */
    kind: text('kind').notNull(),
    /** offered, pending, approved, rejected, declined or cancelled. */
    status: text('status').notNull(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takerId: uuid('taker_id').references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
  },
  (table) => [
    index('shift_trades_status_idx').on(table.status, table.requestedAt),
    index('shift_trades_shift_idx').on(table.shiftId),
    // One live trade per shift: a second claim or offer waits until the first is settled.
    uniqueIndex('shift_trades_live_shift_key')
      .on(table.shiftId)
      .where(sql`${table.status} in ('offered', 'pending')`),
  ],
);

/** Per team roster rules (#30): claims approved without a manager; the daily time-off allotment. */
export const teamRosterSettings = pgTable('team_roster_settings', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  autoApproveClaims: boolean('auto_approve_claims').notNull().default(false),
  /** How many of the team may be off on one day; null: no limit. */
  maxOffPerDay: integer('max_off_per_day'),
});

/** A team's allotment on one day where it differs from the usual (holidays, peak weeks). */
export const allotmentDays = pgTable(
  'allotment_days',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    maxOff: integer('max_off').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.date] })],
);

/**
 * How a team plans from demand (#31, decision 0048): the interval length, the service target that
 * turns workload into people (Erlang C), the shifts the solver may build, and what each unit of
 * under- and over-coverage costs against labour.
 */
export const demandSettings = pgTable('demand_settings', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  /** 15 or 30. */
  intervalMinutes: integer('interval_minutes').notNull().default(30),
  /** Service level: this share of contacts answered within `answer_seconds`. */
  serviceLevelPercent: doublePrecision('service_level_percent').notNull().default(80),
  answerSeconds: integer('answer_seconds').notNull().default(20),
  /** Paid time not spent on the work (breaks, meetings, absence), added on top of Erlang's agents. */
  shrinkagePercent: doublePrecision('shrinkage_percent').notNull().default(30),
  /** Shift lengths the solver may build, including the unpaid lunch. */
  shiftLengthsMinutes: integer('shift_lengths_minutes')
    .array()
    .notNull()
    .default(sql`'{480}'::integer[]`),
  startStepMinutes: integer('start_step_minutes').notNull().default(30),
  /** Shifts start no earlier than this and end no later than `latest_end` (not after: next day). */
  earliestStart: time('earliest_start').notNull().default('06:00'),
  latestEnd: time('latest_end').notNull().default('22:00'),
  /** Unpaid lunch in the middle of shifts of six hours or more; 0: none. */
  lunchMinutes: integer('lunch_minutes').notNull().default(30),
  breakDurationMins: integer('break_duration_mins').notNull().default(15),
  /** Per person per (Sunday-started) week, paid minutes. */
  minWeekMinutes: integer('min_week_minutes').notNull().default(0),
  maxWeekMinutes: integer('max_week_minutes').notNull().default(2400),
  /** What a missing person-hour costs (same currency as pay rates); high: coverage comes first. */
  underCoverHourCost: doublePrecision('under_cover_hour_cost').notNull().default(200),
  overCoverHourCost: doublePrecision('over_cover_hour_cost').notNull().default(5),
  /** What a shift in someone's "prefer not" time costs. */
  preferNotCost: doublePrecision('prefer_not_cost').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * People needed per interval (#31): typed, imported or computed from workload. An interval is
 * the instant it starts (DST days have 46 or 50 half-hours); `date` is its business day. Position
 * '' is the whole team.
 */
export const staffingRequirements = pgTable(
  'staffing_requirements',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: text('position').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    required: doublePrecision('required').notNull(),
    /** typed, imported or computed. */
    source: text('source').notNull(),
    /** Computed from workload: the inputs and Erlang C's answer before shrinkage. */
    contacts: doublePrecision('contacts'),
    ahtSeconds: doublePrecision('aht_seconds'),
    agents: integer('agents'),
    /** Computed: the target cannot be met with any number of people (shown, capped). */
    isUnreachable: boolean('is_unreachable').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.position, table.startsAt] }),
    index('staffing_requirements_date_idx').on(table.teamId, table.date),
  ],
);

/** Workload that happened (#31 item 2), imported: contacts and handling time per interval. */
export const workloadHistory = pgTable(
  'workload_history',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: text('position').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    contacts: doublePrecision('contacts').notNull(),
    ahtSeconds: doublePrecision('aht_seconds').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.position, table.startsAt] }),
    index('workload_history_date_idx').on(table.teamId, table.date),
  ],
);

/**
 * An auto-fill of a roster week (#31 item 3): queued by a planner, claimed by any instance's job,
 * solved in a worker thread with progress saved here, its shifts written to the board as drafts.
 */
export const solverRuns = pgTable(
  'solver_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** queued, running, done, failed or cancelled. */
    status: text('status').notNull().default('queued'),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    progressPercent: integer('progress_percent').notNull().default(0),
    /** The solver's relative optimality gap as last reported (0.01 = 1 %). */
    gap: doublePrecision('gap'),
    isCancelRequested: boolean('is_cancel_requested').notNull().default(false),
    /** Written by the instance solving it; a run whose heartbeat stops is failed by any other. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The report: coverage, costs, gap, shifts added (contracts/demand.ts solverResultSchema). */
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('solver_runs_status_idx').on(table.status, table.createdAt),
    index('solver_runs_team_week_idx').on(table.teamId, table.weekStart),
    // One auto-fill at a time per team and week: a second request (a double click) finds the first.
    uniqueIndex('solver_runs_live_key')
      .on(table.teamId, table.weekStart)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

/**
 * Raw punches: append-only, no endpoint edits or deletes one. `id` is made by the client per
 * action, so a retried request finds its first result. `date` is the business day of
 * `occurred_at` in the business time zone.
 */
export const timeEvents = pgTable(
  'time_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: timeEventType('event_type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The business day of the shift the punch belongs to: a night shift's 02:00 break counts for the day it started. */
    shiftDate: date('shift_date', { mode: 'string' }).notNull(),
    source: timeEventSource('source').notNull().default('web'),
    /** The kiosk a punch was made at (source 'kiosk'), kept if the device is later revoked. */
    kioskDeviceId: uuid('kiosk_device_id').references(() => kioskDevices.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('time_events_user_date_idx').on(table.userId, table.date, table.occurredAt),
    index('time_events_user_shift_date_idx').on(table.userId, table.shiftDate),
    // Everyone's punches since yesterday (the notification rules): history stays unread (0016).
    index('time_events_date_idx').on(table.date),
    // The punch change feed (GET /api/punches) reads in the order the server recorded them.
    index('time_events_created_at_idx').on(table.createdAt, table.id),
  ],
);

/**
 * Corrections are a layer over the raw punches, never edits of them (docs/decisions/0005):
 * add a missed punch, move one (target + new time), or remove one (target). Reports apply
 * approved corrections on top of time_events; the original stays visible.
 */
export const timeCorrections = pgTable(
  'time_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: correctionKind('kind').notNull(),
    targetEventId: uuid('target_event_id').references(() => timeEvents.id),
    eventType: timeEventType('event_type'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    reason: text('reason').notNull(),
    status: approvalStatus('status').notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
  },
  (table) => [
    index('time_corrections_user_date_idx').on(table.userId, table.date),
    index('time_corrections_status_idx').on(table.status, table.requestedAt),
    // The punch change feed reads approved corrections in the order they were approved.
    index('time_corrections_decided_at_idx').on(table.decidedAt, table.id),
  ],
);

/**
 * A punch that reached the server long after its stated time (captured offline, or dated back
 * by hand) waits here for an approver (docs/decisions/0013). It counts meanwhile; approving
 * keeps it as it is, rejecting it adds an approved "remove" correction (`removalCorrectionId`),
 * so the raw punch itself never changes.
 */
export const latePunchReviews = pgTable(
  'late_punch_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    timeEventId: uuid('time_event_id')
      .notNull()
      .unique()
      .references(() => timeEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The shift day of the punch. */
    date: date('date', { mode: 'string' }).notNull(),
    /** How long after its stated time the punch arrived. */
    minutesLate: integer('minutes_late').notNull(),
    status: approvalStatus('status').notNull().default('pending'),
    /** When the punch arrived. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    removalCorrectionId: uuid('removal_correction_id').references(() => timeCorrections.id),
  },
  (table) => [
    index('late_punch_reviews_status_idx').on(table.status, table.requestedAt),
    index('late_punch_reviews_user_date_idx').on(table.userId, table.date),
  ],
);

export const dayStatus = pgEnum('day_status', [
  'complete',
  'in_progress',
  'absent',
  'excused',
  'no_schedule',
  'unscheduled',
]);

/**
 * The adherence engine's result per person and business day (docs/decisions/0010), so reports
 * read precomputed rows. Recomputed when the day's punches or schedule change.
 */
export const dayMetrics = pgTable(
  'day_metrics',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: dayStatus('status').notNull(),
    templateName: text('template_name'),
    scheduledMinutes: integer('scheduled_minutes').notNull(),
    workedMinutes: integer('worked_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull(),
    lunchMinutes: integer('lunch_minutes').notNull(),
    adherentMinutes: integer('adherent_minutes').notNull(),
    lateMinutes: integer('late_minutes').notNull(),
    earlyLeaveMinutes: integer('early_leave_minutes').notNull(),
    overbreakMinutes: integer('overbreak_minutes').notNull(),
    unscheduledMinutes: integer('unscheduled_minutes').notNull(),
    missedClockOut: boolean('missed_clock_out').notNull(),
    /** Approved time off on the day, paid and unpaid (worked-hours report). */
    paidLeaveMinutes: integer('paid_leave_minutes').notNull().default(0),
    unpaidLeaveMinutes: integer('unpaid_leave_minutes').notNull().default(0),
    /** The day's punches were changed by an approved correction. */
    isCorrected: boolean('is_corrected').notNull().default(false),
    /** The pay code of the day's leave (time_off_types.pay_code), null when none is set. */
    leavePayCode: text('leave_pay_code'),
    /** Hour (0–23, business time) of the first clock-in, for the lateness heatmap. */
    firstClockInHour: integer('first_clock_in_hour'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.date] }),
    index('day_metrics_date_idx').on(table.date),
  ],
);

/** Person-days whose metrics are stale; the recompute job drains it. */
export const dayMetricsQueue = pgTable(
  'day_metrics_queue',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);

/** A recompute an admin asked for, with progress the screen shows (any instance may run it). */
export const recomputeRuns = pgTable('recompute_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  userIds: uuid('user_ids').array(),
  totalDays: integer('total_days').notNull(),
  doneDays: integer('done_days').notNull().default(0),
  status: text('status').notNull().default('queued'),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Kinds of time off (admin-editable); unlimited kinds skip the balance check. */
export const timeOffTypes = pgTable(
  'time_off_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isPaid: boolean('is_paid').notNull().default(true),
    isUnlimited: boolean('is_unlimited').notNull().default(false),
    /** Allowances of this type never go below Ontario's vacation minimum (2 or 3 weeks). */
    isStatutoryVacation: boolean('is_statutory_vacation').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    /** The payroll pay code its minutes are exported under (VAC, SICK, UNPAID, TOIL-TAKEN). */
    payCode: text('pay_code').$type<LeavePayCode>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('time_off_types_name_lower_key').on(sql`lower(${table.name})`)],
);

/** A yearly allowance in days for one person, or a team's default (user_id null). */
export const timeOffAllowances = pgTable(
  'time_off_allowances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => timeOffTypes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    daysX100: integer('days_x100').notNull(),
  },
  (table) => [
    uniqueIndex('time_off_allowances_user_key').on(table.typeId, table.year, table.userId),
    uniqueIndex('time_off_allowances_team_key').on(table.typeId, table.year, table.teamId),
  ],
);

export const timeOffRequests = pgTable(
  'time_off_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => timeOffTypes.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Part of one day, between these local times; null for whole days. */
    startTime: time('start_time'),
    endTime: time('end_time'),
    /** Working days the request takes from the balance, ×100 (0.5 day = 50). */
    daysX100: integer('days_x100').notNull(),
    note: text('note'),
    status: approvalStatus('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
  },
  (table) => [
    index('time_off_requests_user_idx').on(table.userId, table.startDate),
    index('time_off_requests_status_idx').on(table.status, table.requestedAt),
  ],
);

/** A locked pay period: nothing inside it changes until an admin reopens it. */
export const periodLocks = pgTable('period_locks', {
  id: uuid('id').primaryKey().defaultRandom(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  /**
   * The first date the locked pay reads (docs/decisions/0038): the start of the period's first
   * work week, or with a public holiday in it the 4 work weeks before that. Null (locks made
   * before 0034): the period's own first day.
   */
  readsFrom: date('reads_from', { mode: 'string' }),
  lockedBy: uuid('locked_by').references(() => users.id),
  lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  reopenedBy: uuid('reopened_by').references(() => users.id),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
});

/** Product settings an admin changes at run time (e.g. whether team leads approve). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Overtime rule sets (issue #14, item 2; docs/decisions/0016). A rule set is edited only while no
 * assignment has made it effective yet; a change from a date is a new rule set assigned from that
 * date, so a timesheet of the past always recomputes with the rules it was computed with.
 */
export const overtimeRuleSets = pgTable(
  'overtime_rule_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    weeklyThresholdMinutes: integer('weekly_threshold_minutes').notNull(),
    weeklyMultiplier: doublePrecision('weekly_multiplier').notNull().default(1.5),
    /** [{ afterMinutes, multiplier }], increasing; [] for none. */
    dailyTiers: jsonb('daily_tiers')
      .$type<{ afterMinutes: number; multiplier: number }[]>()
      .notNull()
      .default([]),
    /** { weeks: 2–4, startDate, endDate? } or null. */
    averaging: jsonb('averaging').$type<{ weeks: number; startDate: string; endDate?: string }>(),
    /** Overtime is banked as time off in lieu (minutes × multiplier) instead of paid. */
    bankToil: boolean('bank_toil').notNull().default(false),
    /** Months banked time off in lieu stays usable: 3 (ESA), or 12 with a written agreement. */
    toilExpiryMonths: integer('toil_expiry_months').notNull().default(3),
    /** The timesheet's PayRoundingRule (domain/pay/rounding.ts); raw punches never change. */
    rounding: jsonb('rounding')
      .$type<
        | { kind: 'none' }
        | { kind: 'nearest'; stepMinutes: 5 | 6 | 15 }
        | { kind: 'grace'; graceMinutes: number }
      >()
      .notNull()
      .default({ kind: 'none' }),
    /**
     * Weekly rest (ESA s. 18(4)), the employer's choice: 'weekly_24' (24 h off in each work week)
     * or 'biweekly_48' (48 h off in every two consecutive work weeks); decision 0039.
     */
    weeklyRest: text('weekly_rest').$type<WeeklyRestRule>().notNull().default('weekly_24'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('overtime_rule_sets_name_lower_key').on(sql`lower(${table.name})`),
    check(
      'overtime_rule_sets_weekly_rest',
      sql`${table.weeklyRest} in ('weekly_24', 'biweekly_48')`,
    ),
  ],
);

/**
 * Which rule set applies to whom from a date: the organisation (team and user null), a team, or
 * one person. A later assignment of the same target supersedes from its date; rows are never
 * changed or deleted, so the history stays. `target_key` is 'organisation', the team id or the
 * user id: one target has at most one assignment per date.
 */
export const overtimeRuleAssignments = pgTable(
  'overtime_rule_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleSetId: uuid('rule_set_id')
      .notNull()
      .references(() => overtimeRuleSets.id),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    targetKey: text('target_key').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('overtime_rule_assignments_target_date_key').on(
      table.targetKey,
      table.effectiveFrom,
    ),
    index('overtime_rule_assignments_rule_set_idx').on(table.ruleSetId),
    check(
      'overtime_rule_assignments_one_target',
      sql`${table.teamId} is null or ${table.userId} is null`,
    ),
  ],
);

/**
 * Labour agreements on file (issue #14, item 4; docs/decisions/0020): a person's written agreement
 * of a kind (e.g. to work more than 48 hours a week) from `start_date` to `end_date` (inclusive;
 * null while open-ended). Ending one early sets `end_date` and `revoked_by/at`; rows are never
 * deleted. Agreements of one kind for one person never overlap (checked by the service under a
 * lock of the person's profile row).
 */
export const labourAgreementKind = pgEnum('labour_agreement_kind', LABOUR_AGREEMENT_KINDS);

export const labourAgreements = pgTable(
  'labour_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: labourAgreementKind('kind').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('labour_agreements_user_kind_idx').on(table.userId, table.kind, table.startDate),
    check(
      'labour_agreements_end_after_start',
      sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

/**
 * Timesheet sign-offs (issue #14, item 1; docs/decisions/0017): one per person per pay period.
 * The person submits (signs off) their timesheet; an approver approves it or returns it with a
 * comment, and the person may submit again. `submitted_totals` is the figures they signed: a
 * later change to their time shows as "changed since submitted". Withdrawing deletes the row.
 */
export const timesheetSignOffStatus = pgEnum('timesheet_signoff_status', [
  'submitted',
  'approved',
  'returned',
]);

export const timesheetSignOffs = pgTable(
  'timesheet_signoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: timesheetSignOffStatus('status').notNull(),
    /** The timesheet's totals and findings count when submitted (what the person signed). */
    submittedTotals: jsonb('submitted_totals').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: uuid('submitted_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decisionComment: text('decision_comment'),
  },
  (table) => [
    uniqueIndex('timesheet_signoffs_user_period_key').on(table.userId, table.periodStart),
    index('timesheet_signoffs_period_idx').on(table.periodStart, table.status),
  ],
);

/**
 * The admin's edits to Ontario's computed public holidays: a date added (or renamed), or a
 * statutory date removed. One row per date.
 */
export const publicHolidayEdits = pgTable('public_holiday_edits', {
  date: date('date', { mode: 'string' }).primaryKey(),
  /** 'added' or 'removed'. */
  kind: text('kind').notNull(),
  name: text('name'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A person's hourly rate from a date on (until the next one), in integer cents. */
export const payRates = pgTable(
  'pay_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    hourlyCents: integer('hourly_cents').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('pay_rates_user_from_key').on(table.userId, table.effectiveFrom)],
);

/** A saved column mapping of the payroll export (columns, headers, order, pay-code renames). */
export const payrollExportPresets = pgTable(
  'payroll_export_presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** [{ key, header }] in export order. */
    columns: jsonb('columns').notNull(),
    /** { 'OT1.5': 'OT150', … } */
    codeRenames: jsonb('code_renames').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payroll_export_presets_name_lower_key').on(sql`lower(${table.name})`)],
);

/**
 * A shared punching device (#17 kiosk, decision 0026). It holds a long-lived credential in an
 * httpOnly cookie; only the credential's SHA-256 is stored. Revoking stops it at its next
 * request: every kiosk request looks the device up.
 */
export const kioskDevices = pgTable(
  'kiosk_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The device's RSA-OAEP key pair for punches captured offline (decision 0027): the device
     * seals each PIN with the public key (SPKI, base64); only the server can open it.
     */
    sealingPublicKey: text('sealing_public_key'),
    sealingPrivateKey: text('sealing_private_key'),
  },
  (table) => [uniqueIndex('kiosk_devices_token_hash_key').on(table.tokenHash)],
);

/** A one-time code an admin gives to enrol one device: 8 characters, 10 minutes, single use. */
export const kioskEnrolmentCodes = pgTable('kiosk_enrolment_codes', {
  codeHash: text('code_hash').primaryKey(),
  deviceName: text('device_name').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  deviceId: uuid('device_id').references(() => kioskDevices.id, { onDelete: 'set null' }),
});

/**
 * Who was identified at a kiosk, for a minute: the kiosk's punch for that person carries the
 * grant, so identifying alone never records anything. Only the grant's SHA-256 is kept.
 */
export const kioskGrants = pgTable(
  'kiosk_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => kioskDevices.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('kiosk_grants_expires_idx').on(table.expiresAt)],
);

/**
 * Wrong PINs typed at one kiosk for one employee number (decision 0042), known or not: after a
 * few, each next try at that device for that number waits, longer each time. Nobody is locked
 * out, and another device is not slowed. In the database so every server instance counts
 * together; forgotten a day after the last wrong one, and at a right one.
 */
export const kioskPinFailures = pgTable(
  'kiosk_pin_failures',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => kioskDevices.id, { onDelete: 'cascade' }),
    /** As typed, trimmed and lower-cased: an unknown number counts like a known one. */
    employeeNumber: text('employee_number').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** No try for this number at this device is checked before then. */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.employeeNumber] }),
    index('kiosk_pin_failures_last_idx').on(table.lastFailedAt),
  ],
);

/** A team's allowed place (decision 0028): an area (centre and radius) or a network (CIDR). */
export const locationPlaces = pgTable(
  'location_places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusMetres: integer('radius_metres'),
    cidr: text('cidr'),
    createdAt: createdAt(),
  },
  (table) => [index('location_places_team_idx').on(table.teamId)],
);

/**
 * Where a punch was made, under a location policy, kept LOCATION_RETENTION days (decision
 * 0028). No foreign key to the punch: it is written just before the punch so it cannot be lost
 * when the punch lands; one whose punch was refused is never shown and goes with retention.
 */
export const punchLocations = pgTable(
  'punch_locations',
  {
    timeEventId: uuid('time_event_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyMetres: doublePrecision('accuracy_metres'),
    ip: text('ip'),
    outcome: text('outcome').notNull(),
    placeName: text('place_name'),
    distanceMetres: integer('distance_metres'),
    isFlagged: boolean('is_flagged').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('punch_locations_created_idx').on(table.createdAt)],
);

/**
 * A browser's Web Push subscription (decision 0029): one per device that turned reminders on;
 * removed when the person turns them off or the push service says it has expired.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Secret calendar addresses (#18 point 4): a person's own shifts and time off, or a team's for
 * its lead. Only the token's hash is kept; making a new one replaces the old (it stops working).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the person's own feed; otherwise the team whose feed this is. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('calendar_feeds_token_key').on(table.tokenHash),
    unique('calendar_feeds_owner_key').on(table.userId, table.teamId).nullsNotDistinct(),
  ],
);

/**
 * API tokens (#18 point 2, decision 0032): bearer secrets for other systems. Only the SHA-256 of
 * a token is kept (it is 256 random bits, so a fast hash is enough, as for sessions). A personal
 * token acts as `user_id`; a service token (no user) acts with the admin role. Revoked tokens
 * stay listed, and audit rows keep pointing at them.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: API_TOKEN_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_key').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
    check(
      'api_tokens_owner_matches_kind',
      sql`(${table.kind} = 'personal') = (${table.userId} is not null)`,
    ),
  ],
);

/**
 * Webhook endpoints (#18 point 3, decision 0033). The signing secret is kept as is: signing
 * needs it (like the VAPID private key). A rotated-out secret still signs for a day.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: text('event_types').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  allowPrivateNetwork: boolean('allow_private_network').notNull().default(false),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * The outbox: one row per event per subscribed endpoint, written by a trigger on audit_log in
 * the transaction that made the change (migration 0027), then sent and retried by any instance.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The audit row the event came from: one delivery per event and endpoint. */
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retried until then (a day after the event, or after a resend), then given up. */
    retryUntil: timestamp('retry_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    unique('webhook_deliveries_event_key').on(table.endpointId, table.auditId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/**
 * Emails owed for notifications (#18 point 5, decision 0034): written with the notification, sent
 * and retried by any instance's job; without SMTP configured the job drops them.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_outbox_notification_key').on(table.notificationId),
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * OpenID Connect providers people sign in through (#19, decision 0035). The client secret is
 * kept as is: the token request needs it (like the webhook and VAPID secrets); it is never sent
 * back to a browser.
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** In the callback address: /api/auth/sso/<slug>/callback. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    issuerUrl: text('issuer_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull().default(''),
    unknownPeople: text('unknown_people', { enum: UNKNOWN_PEOPLE_POLICIES })
      .notNull()
      .default('refuse'),
    trustEmails: boolean('trust_emails').notNull().default(false),
    groupsClaim: text('groups_claim'),
    groupRoles: jsonb('group_roles').$type<Record<string, Role>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    /** Written from OIDC_* environment variables at start-up; read-only in the app. */
    fromEnvironment: boolean('from_environment').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sso_providers_slug_key').on(table.slug)],
);

/**
 * Sign-ins under way at a provider: the PKCE verifier and nonce, keyed by the SHA-256 of the
 * state, so any instance can finish what another started. Each is used once and lives minutes.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: text('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Each new sign-in sweeps the expired ones.
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);

/**
 * First run in the browser (#33): one-time setup links printed on the console of a server that
 * started on an empty database. Only the SHA-256 is kept; all are deleted when setup completes.
 */
export const setupLinks = pgTable('setup_links', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Groups a SCIM client pushed (#33). An admin maps each to a team and/or a role; members of a
 * mapped group get that team and role (strongest role wins, as for SSO's group mapping).
 */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    role: appRole('role'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('scim_groups_display_name_key').on(sql`lower(${table.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('scim_group_members_user_idx').on(table.userId),
  ],
);

/**
 * A person's authenticator app (TOTP, RFC 6238; #33). `confirmedAt` is null until the first
 * code is typed; `lastUsedStep` refuses a code used twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes for two-factor sign-in; only hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** Passkeys (WebAuthn credentials; #33). The id and public key are base64url. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

/**
 * Sign-in steps under way (#33): a password that still needs its second factor, a passkey
 * challenge, a passkey being registered. Keyed by the SHA-256 of a cookie token so any instance
 * can finish what another started; each is used once and lives minutes.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge, when the step has one. */
    challenge: text('challenge'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_challenges_expires_idx').on(table.expiresAt)],
);
