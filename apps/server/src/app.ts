import { t } from '@lingui/core/macro';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { dbQueueMaxWaitMs, type AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { registerApiReferenceRoutes } from './features/api-reference/index.ts';
import { registerApiTokenRoutes } from './features/api-tokens/index.ts';
import { registerAuthRoutes } from './features/auth/index.ts';
import { registerCalendarFeedRoutes } from './features/calendar-feeds/index.ts';
import { registerAdminRoutes } from './features/admin/index.ts';
import { registerApprovalRoutes } from './features/approvals/index.ts';
import { registerAuditRoutes } from './features/audit/index.ts';
import { registerBackupRoutes, scheduleBackupJobs } from './features/backups/index.ts';
import { registerDemandRoutes, scheduleDemandJobs } from './features/demand/index.ts';
import { registerBreakMonitoringRoutes } from './features/break-monitoring/index.ts';
import { registerReportRoutes, scheduleReportJobs } from './features/reports/index.ts';
import { registerLanguageRoutes } from './features/language/index.ts';
import { registerLiveRoutes } from './features/live/index.ts';
import { registerPayRuleRoutes } from './features/pay-rules/index.ts';
import {
  registerNotificationRoutes,
  scheduleNotificationJobs,
} from './features/notifications/index.ts';
import { ensureVapidKeys, registerPushRoutes } from './features/push/index.ts';
import { registerSsoRoutes, syncEnvironmentProvider } from './features/sso/index.ts';
import { registerScheduleRoutes } from './features/schedules/index.ts';
import { registerScimRoutes } from './features/scim/index.ts';
import { registerRosterRoutes, registerShiftTradeRoutes } from './features/rosters/index.ts';
import { registerTimeTrackingRoutes } from './features/time-tracking/index.ts';
import { registerKioskRoutes } from './features/kiosk/index.ts';
import { registerLocationRoutes, scheduleLocationJobs } from './features/locations/index.ts';
import { registerTeamRoutes } from './features/teams/index.ts';
import { registerTimesheetRoutes, scheduleTimesheetJobs } from './features/timesheets/index.ts';
import { registerPaySettingsRoutes, settlePayCalendar } from './features/pay-settings/index.ts';
import { registerSetupRoutes } from './features/setup/index.ts';
import { registerPayrollRoutes } from './features/payroll/index.ts';
import { registerTimeOffRoutes } from './features/time-off/index.ts';
import { createMailer, emailJobs, registerEmailRoutes } from './features/email/index.ts';
import { registerUserRoutes } from './features/users/index.ts';
import { registerTwoFactorRoutes, secondFactorGate } from './features/two-factor/index.ts';
import { registerWebhookRoutes, scheduleWebhookJobs } from './features/webhooks/index.ts';
import { registerAccessControl } from './platform/access.ts';
import { registerCsrfProtection } from './platform/csrf.ts';
import { registerDbQueue } from './platform/db-queue.ts';
import { answerFrameworkError, registerErrorHandler } from './platform/errors.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { registerRequestLocale } from './platform/i18n.ts';
import { JobRunner, type ScheduleJobs } from './platform/job-runner.ts';
import { LiveHub } from './platform/live-events.ts';
import { registerMetrics } from './platform/metrics.ts';
import {
  registerCompression,
  registerSecurityHeaders,
  registerWebApp,
} from './platform/web-delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export interface BuildAppOptions {
  database: Database;
  config: AppConfig;
  /** Where log lines go (the server's non-blocking stdout); pino's default stdout if absent. */
  logStream?: { write(line: string): void };
}

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({
  database,
  config,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = database;
  const mailer = createMailer(config.email);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Belt and braces: the default serialisers log no headers, but never let a cookie through.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Closing (platform/shutdown.ts): drop idle keep-alive connections, answer 503 to requests
    // still arriving on open ones, let requests in flight finish. Fastify's defaults, kept explicit.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A URL that does not decode is refused before any hook: in the reader's language too.
    frameworkErrors: answerFrameworkError,
  });

  await registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(cookie);
  await registerRequestLocale(app);
  registerErrorHandler(app);
  registerCsrfProtection(app);
  // Before access control, whose session check is the first database work of a request.
  registerDbQueue(app, {
    concurrency: config.dbQueue.concurrency,
    maxWaitMs: dbQueueMaxWaitMs(config, database.kind),
  });
  registerAccessControl(app, db, config);
  // PAY_PERIOD unset: the calendar chosen in the first-run setup, read once it exists (even when
  // another instance ran the setup); a settled calendar costs nothing here.
  // A database that is down must not stop the server starting or /api/health answering: the
  // calendar is read again with the next request, before anything could use it.
  const settleCalendar = () =>
    settlePayCalendar(db, config.pay).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not read the pay calendar from the setup yet');
    });
  await settleCalendar();
  app.addHook('onRequest', async () => {
    if (config.pay.followsSetup) await settleCalendar();
  });

  registerHealthRoutes(app, database);
  // Web Push keys are made on the first start and kept in the database (decision 0029).
  await ensureVapidKeys(db);
  await syncEnvironmentProvider(db, config.ssoFromEnvironment);
  const liveHub = new LiveHub(config.liveStreamLimits);
  await liveHub.start(database);
  // preClose: open streams would otherwise keep the server from closing.
  app.addHook('preClose', () => liveHub.stop());
  app.decorate('liveHub', liveHub);
  await registerMetrics(app, config.metricsToken, {
    liveClients: () => liveHub.subscriberCount(),
    poolStats: () => database.poolStats(),
  });

  registerAuthRoutes(app, db, config, secondFactorGate);
  registerTwoFactorRoutes(app, db, config);
  registerSetupRoutes(app, db, config, {
    // Loaded when asked for: a server that is never set up with demo data never holds it.
    addDemoData: async (adminId) =>
      (await import('./demo.ts')).addDemoOrganisation(db, config.timeZone, adminId),
  });
  registerSsoRoutes(app, db, config);
  registerUserRoutes(app, db, config, mailer);
  registerEmailRoutes(app, db, mailer !== null);
  registerLanguageRoutes(app, db);
  registerTeamRoutes(app, db);
  registerKioskRoutes(app, db, config);
  registerLocationRoutes(app, db);
  registerTimeTrackingRoutes(app, db, config);
  registerScheduleRoutes(app, db, config);
  registerRosterRoutes(app, db, config);
  registerShiftTradeRoutes(app, db, config);
  registerDemandRoutes(app, db, config);
  registerNotificationRoutes(app, db);
  registerPushRoutes(app, db, config.push);
  registerBreakMonitoringRoutes(app, db, config);
  registerAuditRoutes(app, db, config);
  registerAdminRoutes(app, db, config);
  registerReportRoutes(app, db, config);
  registerTimesheetRoutes(app, db, config);
  registerPayRuleRoutes(app, db, config);
  registerPaySettingsRoutes(app, db);
  registerPayrollRoutes(app, db, config);
  registerTimeOffRoutes(app, db, config);
  registerCalendarFeedRoutes(app, db, config);
  registerApiTokenRoutes(app, db, config);
  registerScimRoutes(app, db);
  registerWebhookRoutes(app, db, { allowLoopback: config.webhooks.allowLoopback });
  registerApprovalRoutes(app, db, config);
  registerBackupRoutes(app, database, config);

  if (config.jobsEnabled) {
    const jobs = new JobRunner(app.log, app.metrics ?? undefined);
    // Each feature schedules its own jobs (its index.ts exports them).
    const featureJobs: ScheduleJobs[] = [
      scheduleNotificationJobs,
      scheduleReportJobs,
      scheduleWebhookJobs,
      emailJobs(mailer),
      scheduleTimesheetJobs,
      scheduleLocationJobs,
      scheduleBackupJobs,
      scheduleDemandJobs,
    ];
    for (const schedule of featureJobs) schedule({ jobs, database, config, log: app.log });
    // onClose: once the listener is closed and requests in flight are answered (shutdown.ts).
    app.addHook('onClose', () => jobs.stop());
  }
  registerLiveRoutes(app, liveHub);
  registerApiReferenceRoutes(app);

  const hasWebApp = await registerWebApp(app, config.webDistDir);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasWebApp || request.method !== 'GET') {
      return reply.status(404).send({ message: t`Not found`, code: 'not_found' });
    }
    // Client-side routes (and the 404 page) are the single-page app's to render.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
