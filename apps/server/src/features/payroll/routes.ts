import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { inLargeChunks } from '../../platform/back-pressure.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { deletePreset, listPresets, savePreset } from './presets.ts';
import { exportPayroll, previewPayroll } from './service.ts';

/** The payroll export and its presets: admins only (docs/decisions/0018). */
export function registerPayrollRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'GET /api/payroll/presets', async () => ({
    presets: await listPresets(db),
  }));
  implementEndpoint(app, 'POST /api/payroll/presets', async ({ request, reply }) => {
    void reply.status(201);
    return { preset: await savePreset(db, null, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'PUT /api/payroll/presets/:id', async ({ request, params }) => ({
    preset: await savePreset(db, params.id, request.body, actorOf(request)),
  }));
  implementEndpoint(app, 'DELETE /api/payroll/presets/:id', async ({ request, reply, params }) => {
    await deletePreset(db, params.id, actorOf(request));
    return reply.status(204).send();
  });

  implementEndpoint(app, 'GET /api/payroll/preview', async ({ request }) =>
    previewPayroll(db, config, request.query),
  );
  implementEndpoint(app, 'GET /api/payroll/export', async ({ request, reply }) => {
    // Streamed a page of people at a time (docs/benchmarks.md, "Pay periods").
    const file = await exportPayroll(db, config, request.query, actorOf(request), {
      // The status line is gone: the download is cut off (destroyed), the log says why.
      onError: (error) => request.log.error({ err: error }, 'payroll export failed mid-stream'),
    });
    return reply
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('content-type', file.contentType)
      .send(inLargeChunks(file.body));
  });
}
