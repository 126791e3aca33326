import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  freshBackupForDownload,
  openBackupForDownload,
  readBackupList,
  takeBackupAsAdmin,
} from './service.ts';

/**
 * Snapshots of the embedded database: admins only. On PostgreSQL every route answers 409
 * (use pg_dump).
 */
export function registerBackupRoutes(
  app: FastifyInstance,
  database: Database,
  config: AppConfig,
): void {
  const admin = { config: { access: 'admin' as const } };
  const actorOf = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const attachment = (name: string) => `attachment; filename="${name}"`;

  app.get('/api/backups', admin, async () => readBackupList(database, config));

  app.post('/api/backups', admin, async (request, reply) =>
    reply.status(201).send({ backup: await takeBackupAsAdmin(database, config, actorOf(request)) }),
  );

  // A snapshot of this moment, not kept in the folder.
  app.get('/api/backups/fresh', admin, async (request, reply) => {
    const { name, bytes } = await freshBackupForDownload(database, actorOf(request));
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  app.get('/api/backups/:name', admin, async (request, reply) => {
    const { name, sizeBytes, stream } = await openBackupForDownload(
      database,
      config,
      (request.params as { name?: string }).name,
      actorOf(request),
    );
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', sizeBytes)
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
