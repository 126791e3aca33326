import { describe, expect, it } from 'vitest';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { getHistory } from '../time-tracking/service.ts';
import { requestCorrection } from './correction-requests.ts';
import { decideApprovals } from './decisions.ts';

const TORONTO = 'America/Toronto';

describeEachDatabase('a day made only of approved added punches', (getDatabase) => {
  describe('attendance history', () => {
    it('lists the day with its added punches and totals', async () => {
      const db = getDatabase().db;
      const employee = await createTestUser(db, { role: 'employee' });
      const sme = await createTestUser(db, { role: 'sme' });
      const day = shiftDate(toBusinessDate(new Date(), TORONTO), -2);
      const at = (hour: number) =>
        new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-05:00`).toISOString();

      const ids: string[] = [];
      for (const [eventType, hour] of [
        ['clock_in', 9],
        ['clock_out', 17],
      ] as const) {
        const correction = await requestCorrection(
          db,
          { timeZone: TORONTO, correctionWindowDays: 31 },
          { userId: employee.id, role: 'employee' },
          { kind: 'add', eventType, occurredAt: at(hour), reason: 'Forgot to punch all day' },
          SYSTEM_META,
        );
        ids.push(correction.id);
      }
      const before = await getHistory(db, TORONTO, employee.id, {});
      expect(before.days.map((entry) => entry.date)).not.toContain(day);

      const decided = await decideApprovals(
        db,
        TORONTO,
        { userId: sme.id, role: 'sme' },
        { items: ids.map((id) => ({ type: 'correction', id })), decision: 'approve' },
        SYSTEM_META,
      );
      expect(decided.results.every((result) => result.ok)).toBe(true);

      const after = await getHistory(db, TORONTO, employee.id, {});
      const entry = after.days.find((candidate) => candidate.date === day);
      expect(entry).toMatchObject({ isCorrected: true, workedMinutes: 8 * 60, originalEvents: [] });
      expect(entry?.events.map((event) => event.eventType)).toEqual(['clock_in', 'clock_out']);
      expect(after.totalDays).toBe(1);
    });
  });
});
