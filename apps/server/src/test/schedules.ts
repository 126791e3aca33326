import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  Assignment,
  ScheduleTemplate,
  ScheduleTemplateInput,
} from '@punchclock/shared/contracts/schedules';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import {
  assignTemplate,
  createTemplate,
  setTemplateArchived,
} from '../features/schedules/service.ts';
import { SYSTEM_META } from '../platform/request-meta.ts';
import { CSRF_HEADERS } from './app.ts';

/** A name no other template in the test database has (names are unique case-insensitively). */
export function uniqueTemplateName(prefix = 'Shift'): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

/** A valid 09:00–17:00 Monday-to-Friday template body with a unique name. */
export function templateBody(
  overrides: Partial<ScheduleTemplateInput> = {},
): ScheduleTemplateInput {
  return {
    name: uniqueTemplateName(),
    workStart: '09:00',
    workEnd: '17:00',
    lunchStart: '12:00',
    lunchEnd: '12:30',
    breakDurationMins: 15,
    workingDays: [1, 2, 3, 4, 5],
    ...overrides,
  };
}

/** A request as the web app sends it: CSRF header, a user agent, and the session cookie. */
export function callApi(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...CSRF_HEADERS,
      'user-agent': 'punchclock-tests',
      ...(cookie ? { cookie } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

/** POST /api/schedule-templates that must succeed. */
export async function postTemplate(
  app: FastifyInstance,
  adminCookie: string,
  overrides: Partial<ScheduleTemplateInput> = {},
): Promise<ScheduleTemplate> {
  const response = await callApi(
    app,
    adminCookie,
    'POST',
    '/api/schedule-templates',
    templateBody(overrides),
  );
  expectStatus(response, 201, 'creating a template');
  return (response.json() as { template: ScheduleTemplate }).template;
}

export interface AssignBody {
  userIds: string[];
  templateId: string;
  dateRangeStart: string;
  dateRangeEnd: string;
  endOverlapping?: boolean;
}

/** POST /api/schedule-assignments that must succeed. */
export async function postAssignments(
  app: FastifyInstance,
  adminCookie: string,
  body: AssignBody,
): Promise<Assignment[]> {
  const response = await callApi(app, adminCookie, 'POST', '/api/schedule-assignments', body);
  expectStatus(response, 201, 'assigning a template');
  return (response.json() as { assignments: Assignment[] }).assignments;
}

const SYSTEM_ACTOR = { actorId: null, meta: SYSTEM_META };

/** A template made straight through the service (fixtures that need no HTTP round trip). */
export async function seedTemplate(
  db: Db,
  overrides: Partial<ScheduleTemplateInput> = {},
  options: { archived?: boolean } = {},
): Promise<ScheduleTemplate> {
  const template = await createTemplate(db, templateBody(overrides), SYSTEM_ACTOR);
  return options.archived ? archiveTemplate(db, template.id) : template;
}

/** Archive a template straight through the service. */
export function archiveTemplate(db: Db, templateId: string): Promise<ScheduleTemplate> {
  return setTemplateArchived(db, templateId, true, SYSTEM_ACTOR);
}

/** One assignment made straight through the service. */
export async function seedAssignment(
  db: Db,
  body: { userId: string; templateId: string; dateRangeStart: string; dateRangeEnd: string },
): Promise<Assignment> {
  const { userId, ...rest } = body;
  const [assignment] = await assignTemplate(db, { userIds: [userId], ...rest }, SYSTEM_ACTOR);
  if (!assignment) throw new Error('seeding an assignment created nothing');
  return assignment;
}

/** The audit rows written about one entity, oldest first. */
export function readAuditRows(db: Db, entityId: string) {
  return db
    .select({
      actorId: auditLog.actorId,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
    })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(asc(auditLog.id));
}
