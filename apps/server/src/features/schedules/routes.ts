import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assignmentFilterSchema } from '@punchclock/shared/contracts/schedules';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { parseInput } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { listAssignments, listTemplates } from './repository.ts';
import {
  assignTemplate,
  changeAssignment,
  createTemplate,
  editTemplate,
  getMySchedule,
  removeAssignment,
  removeTemplate,
  setTemplateArchived,
} from './service.ts';

const idParams = z.object({ id: z.string() });

export function registerScheduleRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const admin = { config: { access: 'admin' as const } };

  app.get('/api/schedule-templates', admin, async () => ({ templates: await listTemplates(db) }));
  app.post('/api/schedule-templates', admin, async (request, reply) => {
    const template = await createTemplate(db, request.body, actorOf(request));
    return reply.status(201).send({ template });
  });
  app.put('/api/schedule-templates/:id', admin, async (request) => {
    const { id } = idParams.parse(request.params);
    return { template: await editTemplate(db, id, request.body, actorOf(request)) };
  });
  app.post('/api/schedule-templates/:id/archive', admin, async (request) => {
    const { id } = idParams.parse(request.params);
    return { template: await setTemplateArchived(db, id, true, actorOf(request)) };
  });
  app.post('/api/schedule-templates/:id/restore', admin, async (request) => {
    const { id } = idParams.parse(request.params);
    return { template: await setTemplateArchived(db, id, false, actorOf(request)) };
  });
  app.delete('/api/schedule-templates/:id', admin, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await removeTemplate(db, id, actorOf(request));
    return reply.status(204).send();
  });

  app.get('/api/schedule-assignments', admin, async (request) => {
    const filter = parseInput(assignmentFilterSchema, request.query);
    return {
      assignments: await listAssignments(db, {
        userIds: filter.userId ? [filter.userId] : undefined,
        from: filter.from,
        to: filter.to,
      }),
    };
  });
  app.post('/api/schedule-assignments', admin, async (request, reply) => {
    const assignments = await assignTemplate(db, request.body, actorOf(request));
    return reply.status(201).send({ assignments });
  });
  app.put('/api/schedule-assignments/:id', admin, async (request) => {
    const { id } = idParams.parse(request.params);
    return { assignment: await changeAssignment(db, id, request.body, actorOf(request)) };
  });
  app.delete('/api/schedule-assignments/:id', admin, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await removeAssignment(db, id, actorOf(request));
    return reply.status(204).send();
  });

  // Everyone reads their own schedule; the user comes from the session, never the request.
  app.get('/api/my-schedule', { config: { access: 'signed-in' } }, async (request) =>
    getMySchedule(db, config.timeZone, requireAuth(request).userId, request.query),
  );
}
