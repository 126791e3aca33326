import type { FastifyInstance } from 'fastify';
import { buildBreakBoard } from '@punchclock/shared/domain/break-board';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { loadAttendanceSnapshot } from '../attendance-snapshot/index.ts';

/** The admins' live board; browsers re-read it on each `team_activity` live message. */
export function registerBreakMonitoringRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
): void {
  implementEndpoint(app, 'GET /api/break-monitoring', async () => {
    const now = new Date();
    const { today, people } = await loadAttendanceSnapshot(db, config.timeZone, now);
    return {
      generatedAt: now.toISOString(),
      today,
      rows: buildBreakBoard(people, now, today, config.notificationRules),
    };
  });
}
