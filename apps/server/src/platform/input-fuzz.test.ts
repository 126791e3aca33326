import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  approvalSettingsSchema,
  approvalsQuerySchema,
  correctionRequestSchema,
  decisionSchema,
  lockPeriodRequestSchema,
} from '@punchclock/shared/contracts/approvals';
import { auditFilterSchema, listAuditQuerySchema } from '@punchclock/shared/contracts/audit';
import { signInRequestSchema } from '@punchclock/shared/contracts/auth';
import {
  createEnrolmentCodeRequestSchema,
  enrolDeviceRequestSchema,
  identifyAtKioskRequestSchema,
  kioskPunchRequestSchema,
  offlineKioskPunchRequestSchema,
  setMyKioskPinRequestSchema,
} from '@punchclock/shared/contracts/kiosk';
import {
  addPlaceRequestSchema,
  setLocationModeRequestSchema,
  setRetentionRequestSchema,
} from '@punchclock/shared/contracts/locations';
import {
  removePushSubscriptionRequestSchema,
  savePushSubscriptionRequestSchema,
} from '@punchclock/shared/contracts/push';
import { listNotificationsQuerySchema } from '@punchclock/shared/contracts/notifications';
import {
  dayDetailQuerySchema,
  personDaysQuerySchema,
  recomputeRequestSchema,
  reportRangeQuerySchema,
  workedHoursQuerySchema,
} from '@punchclock/shared/contracts/reports';
import {
  assignmentInputSchema,
  endLabourAgreementInputSchema,
  labourAgreementInputSchema,
  listAssignmentsQuerySchema,
  listLabourAgreementsQuerySchema,
  ruleSetInputSchema,
  toilBalanceQuerySchema,
} from '@punchclock/shared/contracts/pay-rules';
import {
  addPublicHolidaySchema,
  employeeNumberInputSchema,
  holidayYearQuerySchema,
  payRateInputSchema,
  payRatesQuerySchema,
  payrollExportQuerySchema,
  payrollQuerySchema,
  presetInputSchema,
} from '@punchclock/shared/contracts/payroll';
import {
  approvePeriodSchema,
  decideTimesheetSchema,
  submitTimesheetSchema,
  timesheetPeriodQuerySchema,
  timesheetQuerySchema,
  withdrawTimesheetSchema,
} from '@punchclock/shared/contracts/timesheets';
import {
  createAssignmentsRequestSchema,
  myScheduleQuerySchema,
  scheduleTemplateInputSchema,
  updateAssignmentRequestSchema,
} from '@punchclock/shared/contracts/schedules';
import {
  allowanceInputSchema,
  allowancesQuerySchema,
  createTimeOffRequestSchema,
  timeOffTypeInputSchema,
} from '@punchclock/shared/contracts/time-off';
import {
  historyQuerySchema,
  recordTimeEventRequestSchema,
} from '@punchclock/shared/contracts/time-tracking';
import {
  changeMyPasswordRequestSchema,
  createUserRequestSchema,
  listUsersQuerySchema,
  setPasswordRequestSchema,
  teamInputSchema,
  updateMyProfileRequestSchema,
  updateUserRequestSchema,
} from '@punchclock/shared/contracts/users';
import type { Db } from '../db/client.ts';
import { assignedSchedules, scheduleTemplates, teams, timeOffTypes, users } from '../db/schema.ts';
import { exportFormat } from '../features/reports/routes.ts';
import { assignmentFilterSchema } from '../features/schedules/routes.ts';
import { yearQuery } from '../features/time-off/routes.ts';
import { tokenBody } from '../features/users/routes.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser } from '../test/factories.ts';
import { seedAssignment, seedTemplate } from '../test/schedules.ts';
import { seedTeam, uniqueTeamName } from '../test/users.ts';
import {
  arbitraryFor,
  encodeQueryValue,
  type GeneratorContext,
  hostileString,
  toQueryString,
  wrongType,
} from '../test/hostile-input.ts';

interface RouteInput {
  /** The contract the body is generated from; other routes get arbitrary JSON. */
  body?: z.ZodType;
  /** The contract the query string is generated from; other routes get arbitrary parameters. */
  query?: z.ZodType;
  /** Called without a session (signing out would end the admin's). */
  anonymous?: boolean;
}

/**
 * Every /api route, with the contracts of what it reads. A new route fails the coverage check
 * below until it is listed here.
 */
const ROUTE_INPUTS: Record<string, RouteInput> = {
  'GET /api/health': {},
  'GET /api/ready': {},
  'POST /api/auth/sign-in': { body: signInRequestSchema, anonymous: true },
  'POST /api/auth/sign-out': { anonymous: true },
  'GET /api/auth/session': {},
  'POST /api/auth/password-link': { body: tokenBody, anonymous: true },
  'POST /api/auth/set-password': { body: setPasswordRequestSchema, anonymous: true },
  'GET /api/admin/overview': {},
  'GET /api/locations': {},
  'GET /api/push/key': {},
  'PUT /api/push/subscription': { body: savePushSubscriptionRequestSchema },
  'DELETE /api/push/subscription': { body: removePushSubscriptionRequestSchema },
  'POST /api/push/test': {},
  'PUT /api/locations/teams/:id/mode': { body: setLocationModeRequestSchema },
  'POST /api/locations/teams/:id/places': { body: addPlaceRequestSchema },
  'DELETE /api/locations/places/:id': {},
  'PUT /api/locations/retention': { body: setRetentionRequestSchema },
  'GET /api/approvals': { query: approvalsQuerySchema },
  'POST /api/approvals/decide': { body: decisionSchema },
  'GET /api/approvals/sme-overview': {},
  'GET /api/approvals/locks': {},
  'POST /api/approvals/locks': { body: lockPeriodRequestSchema },
  'POST /api/approvals/locks/:id/reopen': {},
  'GET /api/approvals/settings': {},
  'PUT /api/approvals/settings': { body: approvalSettingsSchema },
  'GET /api/corrections': {},
  'POST /api/corrections': { body: correctionRequestSchema },
  'POST /api/corrections/:id/cancel': {},
  'GET /api/audit-logs': { query: listAuditQuerySchema },
  'GET /api/audit-logs/facets': {},
  'GET /api/audit-logs/export': { query: auditFilterSchema },
  'GET /api/backups': {},
  'POST /api/backups': {},
  'GET /api/backups/:name': {},
  'GET /api/break-monitoring': {},
  'POST /api/kiosk/enrolment-codes': { body: createEnrolmentCodeRequestSchema },
  'GET /api/kiosk/devices': {},
  'POST /api/kiosk/devices/:id/revoke': {},
  'POST /api/kiosk/enrol': { body: enrolDeviceRequestSchema, anonymous: true },
  'GET /api/kiosk/device': { anonymous: true },
  'POST /api/kiosk/identify': { body: identifyAtKioskRequestSchema, anonymous: true },
  'POST /api/kiosk/punch': { body: kioskPunchRequestSchema, anonymous: true },
  'POST /api/kiosk/offline-punch': { body: offlineKioskPunchRequestSchema, anonymous: true },
  'GET /api/me/kiosk-pin': {},
  'PUT /api/me/kiosk-pin': { body: setMyKioskPinRequestSchema },
  'GET /api/users/:id/kiosk': {},
  'POST /api/users/:id/kiosk-pin/reset': {},
  'POST /api/users/:id/kiosk-pin/unlock': {},
  'GET /api/notifications': { query: listNotificationsQuerySchema },
  'POST /api/notifications/:id/read': {},
  'POST /api/notifications/read-all': {},
  'GET /api/reports/adherence': { query: reportRangeQuerySchema },
  'GET /api/reports/person-days': { query: personDaysQuerySchema },
  'GET /api/reports/day': { query: dayDetailQuerySchema },
  'GET /api/reports/worked-hours': { query: workedHoursQuerySchema },
  'GET /api/reports/analytics': { query: reportRangeQuerySchema },
  'GET /api/reports/worked-hours/export': { query: workedHoursQuerySchema.and(exportFormat) },
  'POST /api/reports/recompute': { body: recomputeRequestSchema },
  'GET /api/reports/recompute': {},
  'GET /api/reports/recompute/:id': {},
  'GET /api/timesheets': { query: timesheetQuerySchema },
  'POST /api/timesheets/submit': { body: submitTimesheetSchema },
  'POST /api/timesheets/withdraw': { body: withdrawTimesheetSchema },
  'POST /api/timesheets/decide': { body: decideTimesheetSchema },
  'GET /api/timesheets/period': { query: timesheetPeriodQuerySchema },
  'POST /api/timesheets/period/approve': { body: approvePeriodSchema },
  'GET /api/payroll/holidays': { query: holidayYearQuerySchema },
  'POST /api/payroll/holidays': { body: addPublicHolidaySchema },
  'DELETE /api/payroll/holidays/:date': {},
  'POST /api/payroll/holidays/:date/restore': {},
  'GET /api/payroll/people': {},
  'PUT /api/payroll/people/:id/employee-number': { body: employeeNumberInputSchema },
  'GET /api/payroll/rates': { query: payRatesQuerySchema },
  'POST /api/payroll/rates': { body: payRateInputSchema },
  'DELETE /api/payroll/rates/:id': {},
  'GET /api/payroll/presets': {},
  'POST /api/payroll/presets': { body: presetInputSchema },
  'PUT /api/payroll/presets/:id': { body: presetInputSchema },
  'DELETE /api/payroll/presets/:id': {},
  'GET /api/payroll/preview': { query: payrollQuerySchema },
  'GET /api/payroll/export': { query: payrollExportQuerySchema },
  'GET /api/schedule-templates': {},
  'POST /api/schedule-templates': { body: scheduleTemplateInputSchema },
  'PUT /api/schedule-templates/:id': { body: scheduleTemplateInputSchema },
  'POST /api/schedule-templates/:id/archive': {},
  'POST /api/schedule-templates/:id/restore': {},
  'DELETE /api/schedule-templates/:id': {},
  'GET /api/schedule-assignments': { query: assignmentFilterSchema },
  'POST /api/schedule-assignments': { body: createAssignmentsRequestSchema },
  'PUT /api/schedule-assignments/:id': { body: updateAssignmentRequestSchema },
  'DELETE /api/schedule-assignments/:id': {},
  'GET /api/my-schedule': { query: myScheduleQuerySchema },
  'GET /api/pay-rules/rule-sets': {},
  'POST /api/pay-rules/rule-sets': { body: ruleSetInputSchema },
  'PUT /api/pay-rules/rule-sets/:id': { body: ruleSetInputSchema },
  'GET /api/pay-rules/assignments': { query: listAssignmentsQuerySchema },
  'POST /api/pay-rules/assignments': { body: assignmentInputSchema },
  'GET /api/pay-rules/toil-balance': { query: toilBalanceQuerySchema },
  'GET /api/pay-rules/agreements': { query: listLabourAgreementsQuerySchema },
  'POST /api/pay-rules/agreements': { body: labourAgreementInputSchema },
  'POST /api/pay-rules/agreements/:id/end': { body: endLabourAgreementInputSchema },
  'GET /api/teams': {},
  'POST /api/teams': { body: teamInputSchema },
  'PUT /api/teams/:id': { body: teamInputSchema },
  'DELETE /api/teams/:id': {},
  'GET /api/time-off': { query: yearQuery },
  'POST /api/time-off': { body: createTimeOffRequestSchema },
  'POST /api/time-off/:id/cancel': {},
  'GET /api/time-off/types': {},
  'POST /api/time-off/types': { body: timeOffTypeInputSchema },
  'PUT /api/time-off/types/:id': { body: timeOffTypeInputSchema },
  'GET /api/time-off/allowances': { query: allowancesQuerySchema },
  'PUT /api/time-off/allowances': { body: allowanceInputSchema },
  'GET /api/time-events/today': {},
  'POST /api/time-events': { body: recordTimeEventRequestSchema },
  'GET /api/time-events/history': { query: historyQuerySchema },
  'GET /api/users': { query: listUsersQuerySchema },
  'GET /api/users/directory': {},
  'POST /api/users': { body: createUserRequestSchema },
  'PUT /api/users/:id': { body: updateUserRequestSchema },
  'POST /api/users/:id/suspend': {},
  'POST /api/users/:id/unsuspend': {},
  'POST /api/users/:id/reset-password': {},
  'PUT /api/me/profile': { body: updateMyProfileRequestSchema },
  'POST /api/me/password': { body: changeMyPasswordRequestSchema },
};

/** Routes that take no request input to speak of, or cannot be called this way. */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/live': 'a server-sent event stream that stays open; it reads no input',
  'GET /api/backups/fresh': 'reads no input, and each call snapshots the whole database',
};

/** Kept small so the file runs in well under a minute; FAST_CHECK_RUNS=200 for a deep search. */
const RUNS_PER_ROUTE = Number(process.env.FAST_CHECK_RUNS ?? 12);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const apiRoutes = (app: FastifyInstance) =>
  app.apiRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');

/** A path parameter: usually an id that exists, sometimes something hostile. */
const pathParameter = (context: GeneratorContext) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...context.knownIds), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: hostileString.filter((value) => value !== ''), weight: 1 },
  );

function requestArbitrary(key: string, input: RouteInput, context: GeneratorContext) {
  const [method = 'GET', template = ''] = key.split(' ');
  const parameterCount = (template.match(/:\w+/g) ?? []).length;
  return fc.record({
    parameters: fc.array(pathParameter(context), {
      minLength: parameterCount,
      maxLength: parameterCount,
    }),
    query: input.query
      ? arbitraryFor(input.query, context)
      : fc.dictionary(fc.constantFrom('from', 'to', 'search', 'id', 'q'), hostileString, {
          maxKeys: 2,
        }),
    body: MUTATING.has(method)
      ? input.body
        ? arbitraryFor(input.body, context)
        : fc.oneof(fc.constant(undefined), wrongType)
      : fc.constant(undefined),
  });
}

describeEachDatabase('hostile input on every route', (getDatabase) => {
  let app: FastifyInstance;
  let adminCookie: string;
  const context: GeneratorContext = { knownIds: [] };

  beforeAll(async () => {
    const db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    // Records for generated ids to point at, so requests get past their lookups. Not the
    // admin's own id: suspending or resetting the caller would end the run's session.
    const employee = await createTestUser(db, { role: 'employee' });
    const template = await seedTemplate(db);
    await seedAssignment(db, {
      userId: employee.id,
      templateId: template.id,
      dateRangeStart: '2026-01-01',
      dateRangeEnd: '2026-12-31',
    });
    const lead = await createTestUser(db, { role: 'team_lead' });
    await seedTeam(db, { name: uniqueTeamName(), leadUserId: lead.id });
    context.knownIds = (await readSomeIds(db)).filter((id) => id !== admin.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every /api route (add new ones to ROUTE_INPUTS)', () => {
    const keys = apiRoutes(app).map(routeKey);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => !(key in ROUTE_INPUTS) && !(key in NOT_FUZZED))).toEqual([]);
    expect(Object.keys(ROUTE_INPUTS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it(
    'answers any body, query string and path parameter without a server error',
    async () => {
      const failures: string[] = [];
      for (const [key, input] of Object.entries(ROUTE_INPUTS)) {
        const [method = 'GET', template = ''] = key.split(' ');
        await fc
          .assert(
            fc.asyncProperty(
              requestArbitrary(key, input, context),
              async ({ parameters, query, body }) => {
                let index = 0;
                const path = template.replace(/:\w+/g, () =>
                  encodeQueryValue(parameters[index++] ?? ''),
                );
                const url = `${path}${toQueryString(query)}`;
                const response = await app.inject({
                  method: method as 'GET',
                  url,
                  headers: {
                    ...CSRF_HEADERS,
                    ...(input.anonymous ? {} : { cookie: adminCookie }),
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
                });
                const problem =
                  response.statusCode >= 500
                    ? `${response.statusCode} ${response.body.slice(0, 200)}`
                    : response.statusCode >= 400 && !hasMessage(response.body)
                      ? `${response.statusCode} without a message: ${response.body.slice(0, 200)}`
                      : null;
                if (problem) {
                  failures.push(
                    `${key}: ${url.slice(0, 300)} ${JSON.stringify(body)?.slice(0, 300)} -> ${problem}`,
                  );
                }
                return problem === null;
              },
            ),
            { numRuns: RUNS_PER_ROUTE, seed: seedFor(key), endOnFailure: true },
          )
          .catch(() => undefined); // every failure is collected above, so all routes are reported
      }
      expect(failures, `FAST_CHECK_SEED=${RUN_SEED}`).toEqual([]);
    },
    Math.max(120_000, RUNS_PER_ROUTE * 5_000),
  );
});

/** A few ids from each table a request can name. */
async function readSomeIds(db: Db): Promise<string[]> {
  const tables = [users, teams, scheduleTemplates, assignedSchedules, timeOffTypes];
  const ids = await Promise.all(
    tables.map((table) => db.select({ id: table.id }).from(table).limit(4)),
  );
  return ids.flat().map((row) => String(row.id));
}

function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.length > 0;
  } catch {
    return false;
  }
}

/** A seed per route from the run's seed (FAST_CHECK_SEED to replay), so a run can be repeated. */
const RUN_SEED = Number(process.env.FAST_CHECK_SEED ?? Date.now() % 2 ** 31);
function seedFor(key: string): number {
  let hash = RUN_SEED;
  for (const character of key) hash = (hash * 31 + character.charCodeAt(0)) | 0;
  return hash;
}
