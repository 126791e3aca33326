import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
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
  const attachment = (name: string) => `attachment; filename="${name}"`;

  implementEndpoint(app, 'GET /api/backups', async () => readBackupList(database, config));

  implementEndpoint(app, 'POST /api/backups', async ({ request, reply }) => {
    void reply.status(201);
    return { backup: await takeBackupAsAdmin(database, config, actorOf(request)) };
  });

  // A snapshot of this moment, not kept in the folder.
  implementEndpoint(app, 'GET /api/backups/fresh', async ({ request, reply }) => {
    const { name, bytes } = await freshBackupForDownload(database, actorOf(request));
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  implementEndpoint(app, 'GET /api/backups/:name', async ({ request, reply, params }) => {
    const { name, sizeBytes, stream } = await openBackupForDownload(
      database,
      config,
      params.name,
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
