import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { deletePreset, listPresets, savePreset } from './presets.ts';
import { exportPayroll, previewPayroll } from './service.ts';

/** The payroll export and its presets: admins only (docs/decisions/0018). */
export function registerPayrollRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const admin = { config: { access: 'admin' as const } };
  const actorOf = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const idOf = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';

  app.get('/api/payroll/presets', admin, async () => ({ presets: await listPresets(db) }));
  app.post('/api/payroll/presets', admin, async (request, reply) =>
    reply.status(201).send({ preset: await savePreset(db, null, request.body, actorOf(request)) }),
  );
  app.put('/api/payroll/presets/:id', admin, async (request) => ({
    preset: await savePreset(db, idOf(request), request.body, actorOf(request)),
  }));
  app.delete('/api/payroll/presets/:id', admin, async (request, reply) => {
    await deletePreset(db, idOf(request), actorOf(request));
    return reply.status(204).send();
  });

  app.get('/api/payroll/preview', admin, async (request) =>
    previewPayroll(db, config, request.query),
  );
  app.get('/api/payroll/export', admin, async (request, reply) => {
    const file = await exportPayroll(db, config, request.query, actorOf(request));
    return reply
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('content-type', file.contentType)
      .send(file.body);
  });
}
