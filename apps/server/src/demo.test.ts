import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { dayMetrics, profiles, teams, users, workloadHistory } from './db/schema.ts';
import { lastFullWeek, latestDstChange, seedDemoOrganisation } from './demo.ts';
import { describeEachDatabase } from './test/databases.ts';

const TORONTO = 'America/Toronto';

describeEachDatabase('npm run demo', (getDatabase) => {
  const db = () => getDatabase().db;
  const today = toBusinessDate(new Date(), TORONTO);
  const lines: string[] = [];

  beforeAll(async () => {
    await seedDemoOrganisation(db(), (line) => lines.push(line), TORONTO);
  }, 120_000);

  async function userId(email: string): Promise<string> {
    const [row] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${email}@demo.punchclock.test`));
    if (!row) throw new Error(`no demo user ${email}`);
    return row.id;
  }

  it('has a night team whose shift across the latest DST change is filed whole on its first day', async () => {
    const [night] = await db().select().from(teams).where(eq(teams.name, 'Night team'));
    expect(night).toBeDefined();
    const members = await db()
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.teamId, night?.id ?? ''));
    expect(members).toHaveLength(2);

    const change = latestDstChange(today, TORONTO);
    if (!change) throw new Error('Toronto changes clocks twice a year');
    const nightBefore = shiftDate(change, -1);
    // Spring forward: the 22:00–06:00 night lasts 7 h; fall back: 9 h (less 30 min of lunch).
    const isSpring = Number(change.slice(5, 7)) < 6;
    const rows = await db()
      .select()
      .from(dayMetrics)
      .where(
        and(
          inArray(
            dayMetrics.userId,
            members.map((member) => member.id),
          ),
          inArray(dayMetrics.date, [nightBefore, change]),
        ),
      );
    const dstNights = rows.filter((row) => row.date === nightBefore);
    expect(dstNights).toHaveLength(2);
    for (const row of dstNights) {
      expect(row.scheduledMinutes).toBe(isSpring ? 390 : 510);
      // On time, steady: within a few minutes of the scheduled night.
      expect(Math.abs(row.workedMinutes - row.scheduledMinutes)).toBeLessThanOrEqual(10);
    }
    // The Sunday after the change is not a night they work: nothing spills onto it.
    expect(rows.filter((row) => row.date === change && row.workedMinutes > 0)).toEqual([]);
  });

  it('gives Maya Chen a 50-hour week, past the 44-hour overtime threshold', async () => {
    const maya = await userId('maya');
    const week = [...lastFullWeek(today)];
    const rows = await db()
      .select({ workedMinutes: dayMetrics.workedMinutes })
      .from(dayMetrics)
      .where(and(eq(dayMetrics.userId, maya), inArray(dayMetrics.date, week)));
    const worked = rows.reduce((sum, row) => sum + row.workedMinutes, 0);
    expect(rows).toHaveLength(5);
    expect(worked).toBeGreaterThan(50 * 60);
    expect(worked).toBeLessThan(51 * 60);
  });

  it('records hire dates so vacation shows both the 2-week and the 3-week minimum', async () => {
    const [priya] = await db()
      .select({ hireDate: profiles.hireDate })
      .from(profiles)
      .where(eq(profiles.id, await userId('priya')));
    expect(priya?.hireDate).toBe('2018-02-05');
    expect(lines.join('\n')).toContain('night team across the DST change of');
  });

  it('gives the Blue team eight weeks of weekday workload, 08:00 to 18:00, to plan from', async () => {
    const rows = await db()
      .select({ date: workloadHistory.date, teamName: teams.name })
      .from(workloadHistory)
      .innerJoin(teams, eq(teams.id, workloadHistory.teamId));
    expect(new Set(rows.map((row) => row.teamName))).toEqual(new Set(['Blue team']));
    const dates = new Set(rows.map((row) => row.date));
    // 40 weekdays in 8 weeks, 20 half-hours each; none on a weekend, none today or later.
    expect(dates.size).toBe(40);
    expect(rows).toHaveLength(40 * 20);
    expect(
      [...dates].filter((date) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())),
    ).toEqual([]);
    expect([...dates].every((date) => date < today && date >= shiftDate(today, -56))).toBe(true);
  });
});
