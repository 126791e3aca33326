import type { FastifyInstance } from 'fastify';
import type { BreakBoardResponse } from '@punchclock/shared/contracts/break-monitoring';
import { buildBreakBoard } from '@punchclock/shared/domain/break-board';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loadAttendanceSnapshot } from '../attendance-snapshot/index.ts';

/** The admins' live board; browsers re-read it on each `team_activity` live message. */
export function registerBreakMonitoringRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
): void {
  app.get(
    '/api/break-monitoring',
    { config: { access: 'admin' } },
    async (): Promise<BreakBoardResponse> => {
      const now = new Date();
      const { today, people } = await loadAttendanceSnapshot(db, config.timeZone, now);
      return {
        generatedAt: now.toISOString(),
        today,
        rows: buildBreakBoard(people, now, today, config.notificationRules),
      };
    },
  );
}
