import path from 'node:path';
import { ssoProviderInputSchema, type SsoProviderSettings } from '@punchclock/shared/contracts/sso';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationRuleSettings,
} from '@punchclock/shared/domain/notification-rules';
import {
  dayNumber,
  type PayCalendar,
  type WeekDay,
} from '@punchclock/shared/domain/pay/pay-periods';

/** Everything the server reads from the environment, parsed once (README "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  /** Business time zone for day boundaries and display. */
  timeZone: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Force the Secure / __Host- cookie even without https detection (behind a TLS proxy). */
  cookieSecure: 'auto' | boolean;
  trustProxy: boolean;
  /** FAILED sign-ins allowed per window (features/auth/sign-in-throttle.ts). */
  signInLimits: {
    perIp: { limit: number; windowSeconds: number };
    perAccountAtIp: { limit: number; windowSeconds: number };
    perAccount: { limit: number; windowSeconds: number };
  };
  /** Calls allowed per API token per window (#18 point 2): one integration cannot starve the rest. */
  apiTokenLimit: { limit: number; windowSeconds: number };
  logLevel: string;
  /** Where the built web app lives; null serves the API only. */
  webDistDir: string | null;
  /** Background jobs (notification rules); tests run them by hand instead. */
  jobsEnabled: boolean;
  jobIntervalSeconds: number;
  notificationRules: NotificationRuleSettings;
  /** How many days back people may ask to correct their time; admins may go further. */
  correctionWindowDays: number;
  /** A punch arriving more than this long after its stated time goes to review (0013). */
  latePunchReviewMinutes: number;
  /** A clock-in more than this long before today's scheduled shift start gets a warning. */
  earlyClockInWarningMinutes: number;
  /** Open live-update streams (GET /api/live) allowed at once, counted on this instance. */
  liveStreamLimits: { perSession: number; perUser: number; perInstance: number };
  /** The pay calendar, the work week and the weekly overtime threshold (timesheets, #14). */
  pay: PayConfig;
  /** Snapshots of the embedded database (features/backups); PostgreSQL uses pg_dump instead. */
  backups: BackupConfig;
  /** After SIGTERM/SIGINT, exit by this deadline even if something hangs (platform/shutdown.ts). */
  shutdownTimeoutSeconds: number;
  /** Enables GET /api/metrics for scrapers sending it as a Bearer token; null = no metrics. */
  metricsToken: string | null;
  /**
   * Email (decision 0034): SMTP_URL (null: no email, everything else works as before), the
   * From address, and PUBLIC_URL, the address people open the app at (for links in emails).
   */
  email: { smtpUrl: string | null; from: string; publicUrl: string; retryBaseSeconds: number };
  /**
   * Webhook deliveries (decision 0033): the first retry's delay (later ones ×4), the send timeout;
   * whether loopback receivers are allowed (WEBHOOK_ALLOW_LOOPBACK, decision 0040).
   */
  webhooks: {
    retryBaseSeconds: number;
    timeoutMs: number;
    /** How often every instance looks for due deliveries. */
    pollIntervalMs: number;
    /** Sends in flight at once to one endpoint from one instance. */
    perEndpointConcurrency: number;
    allowLoopback: boolean;
  };
  /** OIDC_* (decision 0035): a sign-in provider set by the environment; null without OIDC_ISSUER. */
  ssoFromEnvironment: SsoProviderSettings | null;
  /** Web Push (decision 0029): the push services' hosts reminders may be sent to, and a contact. */
  push: { serviceHosts: string[]; contact: string };
  /**
   * The queue in front of the database (platform/db-queue.ts): requests working on it at once,
   * and the longest expected wait before a request is refused with 503 (0: no queue; null: the
   * database's default, DEFAULT_DB_QUEUE_MAX_WAIT_MS on the embedded one, none on PostgreSQL).
   */
  dbQueue: { concurrency: number; maxWaitMs: number | null };
}

/** The embedded database's default longest expected wait in the queue, in milliseconds. */
export const DEFAULT_DB_QUEUE_MAX_WAIT_MS = 200;
export const DEFAULT_DB_QUEUE_CONCURRENCY = 4;

/** DB_QUEUE_MAX_WAIT_MS for the database in use: the embedded one queues by default. */
export function dbQueueMaxWaitMs(config: AppConfig, kind: 'pglite' | 'postgres'): number {
  return config.dbQueue.maxWaitMs ?? (kind === 'pglite' ? DEFAULT_DB_QUEUE_MAX_WAIT_MS : 0);
}

/**
 * The browsers' push services. A subscription names the URL the server will POST to, so only
 * these hosts (and subdomains) are accepted: no one can point the server at an internal address.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

export interface BackupConfig {
  /** Take the nightly snapshot (the admin API works either way). */
  enabled: boolean;
  /** Where snapshots are written: absolute. */
  dir: string;
  /** How many snapshots to keep; older ones are deleted after each new one. */
  keep: number;
  /** The hour (0–23, business time zone) the nightly snapshot is taken. */
  hour: number;
}

/** BACKUPS_ENABLED, BACKUP_DIR (default DATA_DIR/backups), BACKUP_KEEP and BACKUP_HOUR. */
export function readBackupConfig(env: NodeJS.ProcessEnv): BackupConfig {
  const hourText = env.BACKUP_HOUR || '3';
  if (!/^\d{1,2}$/.test(hourText) || Number(hourText) > 23) {
    throw new Error(`BACKUP_HOUR must be an hour of the day 0–23, got "${hourText}"`);
  }
  // Relative paths are from where the command was typed (INIT_CWD), as for DATA_DIR.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, env.DATA_DIR || 'data');
  return {
    enabled: readBool(env.BACKUPS_ENABLED) ?? true,
    dir: env.BACKUP_DIR ? path.resolve(base, env.BACKUP_DIR) : path.join(dataDir, 'backups'),
    keep: readInt(env.BACKUP_KEEP, 7, 'BACKUP_KEEP'),
    hour: Number(hourText),
  };
}

export interface PayConfig {
  calendar: PayCalendar;
  /**
   * PAY_PERIOD is not set: the calendar chosen in the first-run setup (stored in the database)
   * replaces `calendar`, the default, once it is known (features/pay-settings/pay-calendar.ts).
   * Absent or false: `calendar` is final (the environment, or a test, set it).
   */
  followsSetup?: boolean;
  /** The weekday the work week starts on at local midnight (0 = Sunday). */
  workWeekStart: WeekDay;
  /**
   * Regular minutes in a work week after which overtime (1.5×) is paid; Ontario: 44 h. Only the
   * fallback for dates no overtime rule set assignment covers (pay-rules, decision 0016).
   */
  overtimeWeeklyMinutes: number;
}

const PAY_PERIOD_KINDS = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;

/** PAY_PERIOD, PAY_PERIOD_ANCHOR, WORK_WEEK_START and OVERTIME_WEEKLY_HOURS, checked at start. */
export function readPayConfig(env: NodeJS.ProcessEnv): PayConfig {
  const kind = env.PAY_PERIOD || 'biweekly';
  if (!(PAY_PERIOD_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`PAY_PERIOD must be one of ${PAY_PERIOD_KINDS.join(', ')}, got "${kind}"`);
  }
  const anchorDate = env.PAY_PERIOD_ANCHOR || '2026-01-04';
  try {
    dayNumber(anchorDate);
  } catch {
    throw new Error(
      `PAY_PERIOD_ANCHOR must be a real yyyy-MM-dd date (the first day of any one pay period), got "${anchorDate}"`,
    );
  }
  const weekStartText = env.WORK_WEEK_START || '0';
  const workWeekStart = Number(weekStartText);
  if (!/^[0-6]$/.test(weekStartText)) {
    throw new Error(
      `WORK_WEEK_START must be a weekday number 0–6 (0 = Sunday … 6 = Saturday), got "${weekStartText}"`,
    );
  }
  const hoursText = env.OVERTIME_WEEKLY_HOURS || '44';
  const hours = Number(hoursText);
  const minutes = Math.round(hours * 60);
  if (!/^\d+(\.\d+)?$/.test(hoursText) || hours <= 0 || hours > 168 || minutes !== hours * 60) {
    throw new Error(
      `OVERTIME_WEEKLY_HOURS must be hours in a week, more than 0 and at most 168 (whole minutes), got "${hoursText}"`,
    );
  }
  const calendar: PayCalendar =
    kind === 'weekly' || kind === 'biweekly'
      ? { kind, anchorDate }
      : { kind: kind as 'semimonthly' | 'monthly' };
  return {
    calendar,
    followsSetup: !env.PAY_PERIOD,
    workWeekStart: workWeekStart as WeekDay,
    overtimeWeeklyMinutes: minutes,
  };
}

function readInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  }
  return parsed;
}

/** A whole number ≥ 0, or null when unset. */
function readOptionalCount(value: string | undefined, name: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (!/^\d+$/.test(value.trim())) {
    throw new Error(`${name} must be a whole number of 0 or more, got "${value}"`);
  }
  return Number(value.trim());
}

/** METRICS_TOKEN: unset or empty turns metrics off; a set one must be hard to guess. */
function readMetricsToken(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^[\x21-\x7e]{16,}$/.test(value)) {
    throw new Error(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. openssl rand -hex 32)',
    );
  }
  return value;
}

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, and optionally OIDC_NAME, OIDC_SLUG,
 * OIDC_UNKNOWN_PEOPLE (refuse | create), OIDC_TRUST_EMAILS, OIDC_GROUPS_CLAIM and
 * OIDC_GROUP_ROLES ("Group=role,Other group=role"), checked by the same rules as the admin's form.
 */
export function readSsoFromEnvironment(env: NodeJS.ProcessEnv): SsoProviderSettings | null {
  if (!env.OIDC_ISSUER?.trim()) return null;
  const groupRoles = Object.fromEntries(
    (env.OIDC_GROUP_ROLES ?? '')
      .split(',')
      .filter((pair) => pair.trim() !== '')
      .map((pair) => {
        const at = pair.lastIndexOf('=');
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      }),
  );
  const parsed = ssoProviderInputSchema.safeParse({
    slug: env.OIDC_SLUG?.trim() || 'sso',
    name: env.OIDC_NAME?.trim() || 'Single sign-on',
    issuerUrl: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID ?? '',
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    unknownPeople: env.OIDC_UNKNOWN_PEOPLE?.trim() || 'refuse',
    trustEmails: readBool(env.OIDC_TRUST_EMAILS) ?? false,
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || null,
    groupRoles,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`OIDC settings: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function readBool(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const secure = readBool(env.COOKIE_SECURE);
  const port = readInt(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    timeZone: env.BUSINESS_TIME_ZONE ?? 'America/Toronto',
    sessionIdleMinutes: readInt(env.SESSION_IDLE_MINUTES, 60, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: readInt(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    cookieSecure: secure ?? 'auto',
    trustProxy: readBool(env.TRUST_PROXY) ?? false,
    apiTokenLimit: {
      limit: readInt(env.API_TOKEN_RATE_LIMIT, 600, 'API_TOKEN_RATE_LIMIT'),
      windowSeconds: 60,
    },
    signInLimits: {
      // Generous: a whole office shares one public address, and typos happen at shift start.
      perIp: {
        limit: readInt(env.SIGNIN_IP_LIMIT, 100, 'SIGNIN_IP_LIMIT'),
        windowSeconds: 15 * 60,
      },
      perAccountAtIp: {
        limit: readInt(env.SIGNIN_ACCOUNT_LIMIT, 10, 'SIGNIN_ACCOUNT_LIMIT'),
        windowSeconds: 15 * 60,
      },
      // ASVS 2.2.1: at most 100 failed attempts an hour on one account.
      perAccount: {
        limit: readInt(env.SIGNIN_ACCOUNT_TOTAL_LIMIT, 100, 'SIGNIN_ACCOUNT_TOTAL_LIMIT'),
        windowSeconds: 60 * 60,
      },
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: null,
    jobsEnabled: readBool(env.JOBS_ENABLED) ?? true,
    jobIntervalSeconds: readInt(env.JOB_INTERVAL_SECONDS, 60, 'JOB_INTERVAL_SECONDS'),
    notificationRules: {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      lateAfterMinutes: readInt(env.LATE_AFTER_MINUTES, 5, 'LATE_AFTER_MINUTES'),
      reminderBeforeMinutes: readInt(env.SHIFT_REMINDER_MINUTES, 10, 'SHIFT_REMINDER_MINUTES'),
      forgotClockOutAfterMinutes: readInt(
        env.FORGOT_CLOCK_OUT_MINUTES,
        120,
        'FORGOT_CLOCK_OUT_MINUTES',
      ),
    },
    correctionWindowDays: readInt(env.CORRECTION_WINDOW_DAYS, 31, 'CORRECTION_WINDOW_DAYS'),
    latePunchReviewMinutes: readInt(env.LATE_PUNCH_REVIEW_MINUTES, 15, 'LATE_PUNCH_REVIEW_MINUTES'),
    earlyClockInWarningMinutes: readInt(
      env.EARLY_CLOCK_IN_WARNING_MINUTES,
      60,
      'EARLY_CLOCK_IN_WARNING_MINUTES',
    ),
    liveStreamLimits: {
      perSession: readInt(env.LIVE_STREAMS_PER_SESSION, 10, 'LIVE_STREAMS_PER_SESSION'),
      perUser: readInt(env.LIVE_STREAMS_PER_USER, 20, 'LIVE_STREAMS_PER_USER'),
      perInstance: readInt(env.LIVE_STREAMS_PER_INSTANCE, 5000, 'LIVE_STREAMS_PER_INSTANCE'),
    },
    pay: readPayConfig(env),
    backups: readBackupConfig(env),
    shutdownTimeoutSeconds: readInt(env.SHUTDOWN_TIMEOUT_SECONDS, 10, 'SHUTDOWN_TIMEOUT_SECONDS'),
    email: {
      smtpUrl: env.SMTP_URL?.trim() || null,
      from: env.MAIL_FROM?.trim() || 'Punchclock <punchclock@localhost>',
      publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
      retryBaseSeconds: 5,
    },
    webhooks: {
      retryBaseSeconds: 5,
      timeoutMs: readInt(env.WEBHOOK_TIMEOUT_SECONDS, 10, 'WEBHOOK_TIMEOUT_SECONDS') * 1000,
      pollIntervalMs: 2_000,
      perEndpointConcurrency: 5,
      allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK?.trim() === 'true',
    },
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    dbQueue: {
      concurrency: readInt(
        env.DB_QUEUE_CONCURRENCY,
        DEFAULT_DB_QUEUE_CONCURRENCY,
        'DB_QUEUE_CONCURRENCY',
      ),
      maxWaitMs: readOptionalCount(env.DB_QUEUE_MAX_WAIT_MS, 'DB_QUEUE_MAX_WAIT_MS'),
    },
    ssoFromEnvironment: readSsoFromEnvironment(env),
    push: {
      serviceHosts: [
        ...DEFAULT_PUSH_SERVICE_HOSTS,
        ...(env.PUSH_SERVICE_HOSTS ?? '')
          .split(',')
          .map((host) => host.trim())
          .filter(Boolean),
      ],
      contact: env.PUSH_CONTACT ?? 'mailto:admin@punchclock.invalid',
    },
  };
}
