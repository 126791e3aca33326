import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildBreakBoard } from '@punchclock/shared/domain/break-board';
import { minutesLateToday } from '@punchclock/shared/domain/lateness';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { listApprovals } from '../approvals/index.ts';
import { loadAttendanceSnapshot } from '../attendance-snapshot/index.ts';

export function registerAdminRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'GET /api/admin/overview', async ({ request }) => {
    const now = new Date();
    const [{ today, people }, suspended, pending] = await Promise.all([
      loadAttendanceSnapshot(db, config.timeZone, now),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(profiles)
        .where(eq(profiles.isSuspended, true)),
      // What the approvals queue lists for an admin, so the two can never disagree.
      listApprovals(db, requireAuth(request), { status: 'pending' }, config.timeZone),
    ]);
    const rows = buildBreakBoard(people, now, today, config.notificationRules);
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    const lateToday = people.flatMap((person) => {
      const late = minutesLateToday(person, today, config.notificationRules.lateAfterMinutes, now);
      return late ? [{ userId: person.userId, name: person.name, ...late }] : [];
    });
    return {
      today,
      counts: {
        working: count('working'),
        onBreak: count('on_break'),
        atLunch: count('at_lunch'),
        clockedOut: count('clocked_out'),
        notYetIn: count('not_yet_in'),
        late: count('late'),
        overLimit: rows.filter((row) => row.overByMinutes > 0).length,
      },
      people: { active: people.length, suspended: suspended[0]?.count ?? 0 },
      lateToday: lateToday.sort((a, b) => b.minutesLate - a.minutesLate),
      pendingApprovals: pending.items.length,
    };
  });
}
