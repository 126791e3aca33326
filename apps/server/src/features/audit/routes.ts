import type { FastifyInstance } from 'fastify';
import { auditFilterSchema, type AuditFilter } from '@punchclock/shared/contracts/audit';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { drainedOrClosed, inLargeChunks } from '../../platform/back-pressure.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { parseInput } from '../../platform/errors.ts';
import { createAuditCsvStream, incompleteExportRecord, toCsvRecord } from './csv.ts';
import { listAuditEntries, listAuditFacets } from './repository.ts';

const EXPORT_BATCH = 1000;

/** Read-only: no endpoint changes or removes audit rows, and the database refuses it too. */
export function registerAuditRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'GET /api/audit-logs', async ({ query }) => {
    const entries = await listAuditEntries(db, query, config.timeZone, {
      before: query.before,
      limit: query.limit + 1,
    });
    const page = entries.slice(0, query.limit);
    return {
      entries: page,
      nextCursor: entries.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  });

  implementEndpoint(app, 'GET /api/audit-logs/facets', async () => listAuditFacets(db));

  // Streams every matching row in batches, so a million rows never sit in memory at once.
  implementEndpoint(app, 'GET /api/audit-logs/export', async ({ request, reply }) => {
    const filter: AuditFilter = parseInput(auditFilterSchema, request.query);
    const readBatch = (before: number | undefined) =>
      listAuditEntries(db, filter, config.timeZone, { before, limit: EXPORT_BATCH });
    // Read the first batch before any CSV header is set: until then a failure is an ordinary
    // JSON error reply, not an error dressed as a CSV attachment.
    const firstBatch = await readBatch(undefined);
    const csv = createAuditCsvStream();
    const fileName = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store');
    void (async () => {
      try {
        let batch = firstBatch;
        for (;;) {
          for (const entry of batch) {
            // Respect back-pressure: wait while the client reads slower than we query; stop if
            // the client went away.
            if (!csv.write(toCsvRecord(entry))) {
              await drainedOrClosed(csv);
            }
            if (csv.destroyed) return;
          }
          if (batch.length < EXPORT_BATCH) break;
          batch = await readBatch(batch.at(-1)?.id);
        }
      } catch (error) {
        // The status line is gone, so no error reply can follow: end the file cleanly with a
        // last row that says it is cut short, rather than a file that looks complete.
        request.log.error({ err: error }, 'audit export failed mid-stream');
        if (!csv.destroyed) csv.write(incompleteExportRecord());
      }
      if (!csv.destroyed) csv.end();
    })();
    return reply.send(inLargeChunks(csv));
  });
}
