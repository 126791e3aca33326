import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
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

export function registerScheduleRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'GET /api/schedule-templates', async () => ({
    templates: await listTemplates(db),
  }));
  implementEndpoint(app, 'POST /api/schedule-templates', async ({ request, reply }) => {
    const template = await createTemplate(db, request.body, actorOf(request));
    void reply.status(201);
    return { template };
  });
  implementEndpoint(app, 'PUT /api/schedule-templates/:id', async ({ request, params }) => {
    const { id } = params;
    return { template: await editTemplate(db, id, request.body, actorOf(request)) };
  });
  implementEndpoint(
    app,
    'POST /api/schedule-templates/:id/archive',
    async ({ request, params }) => {
      const { id } = params;
      return { template: await setTemplateArchived(db, id, true, actorOf(request)) };
    },
  );
  implementEndpoint(
    app,
    'POST /api/schedule-templates/:id/restore',
    async ({ request, params }) => {
      const { id } = params;
      return { template: await setTemplateArchived(db, id, false, actorOf(request)) };
    },
  );
  implementEndpoint(
    app,
    'DELETE /api/schedule-templates/:id',
    async ({ request, reply, params }) => {
      const { id } = params;
      await removeTemplate(db, id, actorOf(request));
      return reply.status(204).send();
    },
  );

  implementEndpoint(app, 'GET /api/schedule-assignments', async ({ query: filter }) => {
    return {
      assignments: await listAssignments(db, {
        userIds: filter.userId ? [filter.userId] : undefined,
        from: filter.from,
        to: filter.to,
      }),
    };
  });
  implementEndpoint(app, 'POST /api/schedule-assignments', async ({ request, reply }) => {
    const assignments = await assignTemplate(db, request.body, actorOf(request));
    void reply.status(201);
    return { assignments };
  });
  implementEndpoint(app, 'PUT /api/schedule-assignments/:id', async ({ request, params }) => {
    const { id } = params;
    return { assignment: await changeAssignment(db, id, request.body, actorOf(request)) };
  });
  implementEndpoint(
    app,
    'DELETE /api/schedule-assignments/:id',
    async ({ request, reply, params }) => {
      const { id } = params;
      await removeAssignment(db, id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // Everyone reads their own schedule; the user comes from the session, never the request.
  implementEndpoint(app, 'GET /api/my-schedule', async ({ request }) =>
    getMySchedule(db, config.timeZone, requireAuth(request).userId, request.query),
  );
}
