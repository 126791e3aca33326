import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payrollPreviewSchema } from '@punchclock/shared/contracts/payroll';
import type { Db } from '../../db/client.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { expectApi, parseCsv } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';

/*
 * The export's Rate is the rate each row's amount was paid at (issue #28, item 3): hours × rate
 * = amount on every row (to the cent), and presets may add the base rate and the multiplier.
 *
 * The period 2026-08-30 … 09-12 (bi-weekly from Sunday 2026-01-04) holds Labour Day (Mon
 * 09-07), in the work week of 09-06, whose 4 weeks before are 08-09 … 09-05. EDT = UTC−4.
 *
 * Dana ($30.00/h), under a rule set with daily tiers (after 8 h 1.5×, after 12 h 2×):
 *   Mon 08-17 08:00–16:00 (12:00Z–20:00Z): 480 regular minutes.
 *   Mon 08-31 07:00–21:00 (11:00Z–01:00Z): 840 min = 480 REG + 240 OT1.5 + 120 OT2.
 *   REG 8.00 h × $30.00 = $240.00; OT1.5 4.00 h × $45.00 = $180.00; OT2 2.00 h × $60.00 = $120.00.
 *   Both days lie in Labour Day's 4 weeks (08-31 is in the week of 08-30, the week before the
 *   holiday's): 480 + 480 regular (overtime excluded) = 960 min ÷ 20 = 48 min of HOL,
 *   $480.00 ÷ 20 = $24.00: 0.80 h × $30.00.
 * Hal ($20.01/h, the Ontario default: over 44 h a week at 1.5×): Mon 08-31 … Thu 09-03
 *   07:00–18:15 (11:00Z–22:15Z), 4 × 675 = 2700 min: 2640 REG + 60 OT1.5 (from Thursday).
 *   REG 44.00 h × $20.01 = $880.44 (a line's amount is rounded once, not day by day: four
 *   days of 675, 675, 675, 615 min rounded apart made $880.43); OT1.5 paid at $30.015 (half a cent is exact: the amount is
 *   60 × 2001 × 1.5 ÷ 60 = 3001.5 ¢, half up → $30.02 = 1.00 h × $30.015 to the cent).
 *   Those days are Labour Day's week before: HOL 2640 ÷ 20 = 132 min, $880.44 ÷ 20 = $44.02.
 */
const PERIOD = { start: '2026-08-30', end: '2026-09-12' };

function shift(start: string, end: string): PunchRow[] {
  return [
    { eventType: 'clock_in', occurredAt: start },
    { eventType: 'clock_out', occurredAt: end },
  ];
}

describeEachDatabase('the export prices each row at the rate it was paid', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let dana: TestUser;
  let hal: TestUser;
  let cookie = '';

  const exportOf = async (format: 'csv' | 'xlsx', query = '') => {
    const url = `/api/payroll/export?date=${PERIOD.start}&format=${format}${query}`;
    const response = await callApi(app, cookie, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  beforeAll(async () => {
    ({ db } = getDatabase());
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db, { role: 'admin' });
    dana = await createTestUser(db, { name: 'Dana Daily' });
    hal = await createTestUser(db, { name: 'Hal Halfcent' });
    cookie = await signInAs(app, admin.email, admin.password);
    await insertPunches(db, dana.id, [
      ...shift('2026-08-17T12:00:00Z', '2026-08-17T20:00:00Z'),
      ...shift('2026-08-31T11:00:00Z', '2026-09-01T01:00:00Z'),
    ]);
    await insertPunches(
      db,
      hal.id,
      ['08-31', '09-01', '09-02', '09-03'].flatMap((day) =>
        shift(`2026-${day}T11:00:00Z`, `2026-${day}T22:15:00Z`),
      ),
    );
    await recomputeDays(db, 'America/Toronto', [dana.id, hal.id], '2026-08-01', PERIOD.end);
    const { ruleSet } = await expectApi<{ ruleSet: { id: string } }>(
      app,
      cookie,
      'POST',
      '/api/pay-rules/rule-sets',
      201,
      {
        name: 'Daily eight and twelve',
        weeklyThresholdMinutes: 2640,
        weeklyMultiplier: 1.5,
        dailyTiers: [
          { afterMinutes: 480, multiplier: 1.5 },
          { afterMinutes: 720, multiplier: 2 },
        ],
        bankToil: false,
        rounding: { kind: 'none' },
      },
    );
    await expectApi(app, cookie, 'POST', '/api/pay-rules/assignments', 201, {
      ruleSetId: ruleSet.id,
      target: { kind: 'person', userId: dana.id },
      effectiveFrom: '2026-08-01',
    });
    for (const [userId, hourlyCents] of [
      [dana.id, 3000],
      [hal.id, 2001],
    ] as const) {
      await expectApi(app, cookie, 'POST', '/api/payroll/rates', 201, {
        userId,
        effectiveFrom: '2026-01-01',
        hourlyCents,
      });
    }
    await expectApi(app, cookie, 'POST', '/api/approvals/locks', 201, {
      fromDate: PERIOD.start,
      toDate: PERIOD.end,
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('shows the rate each amount was paid at, so hours × rate = amount on every row', async () => {
    const [header, ...records] = parseCsv((await exportOf('csv')).body);
    expect(header).toEqual([
      'Employee number',
      'Name',
      'Pay code',
      'Hours',
      'Minutes',
      'Rate',
      'Amount',
    ]);
    expect(records).toEqual([
      ['', 'Dana Daily', 'REG', '8.00', '480', '30.00', '240.00'],
      ['', 'Dana Daily', 'OT1.5', '4.00', '240', '45.00', '180.00'],
      ['', 'Dana Daily', 'OT2', '2.00', '120', '60.00', '120.00'],
      ['', 'Dana Daily', 'HOL', '0.80', '48', '30.00', '24.00'],
      ['', 'Hal Halfcent', 'REG', '44.00', '2640', '20.01', '880.44'],
      ['', 'Hal Halfcent', 'OT1.5', '1.00', '60', '30.015', '30.02'],
      ['', 'Hal Halfcent', 'HOL', '2.20', '132', '20.01', '44.02'],
    ]);
    for (const [, , , hours, , rate, amount] of records) {
      expect(Math.round(Number(hours) * Number(rate) * 100), `${hours} × ${rate}`).toBe(
        Math.round(Number(amount) * 100),
      );
    }

    const xlsx = await exportOf('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rates: unknown[] = [];
    workbook.getWorksheet('Payroll')?.eachRow((row, index) => {
      if (index > 1) rates.push(row.getCell(6).value);
    });
    expect(rates).toEqual([30, 45, 60, 30, 20.01, 30.015, 20.01]);
  });

  it('lets a preset add the base rate and the multiplier beside the paid rate', async () => {
    const { preset } = await expectApi<{ preset: { id: string } }>(
      app,
      cookie,
      'POST',
      '/api/payroll/presets',
      201,
      {
        name: 'With multiplier',
        columns: [
          { key: 'payCode', header: 'Code' },
          { key: 'hours', header: 'Hrs' },
          { key: 'baseRate', header: 'Base' },
          { key: 'multiplier', header: 'Factor' },
          { key: 'rate', header: 'Paid at' },
          { key: 'amount', header: 'Amt' },
        ],
      },
    );
    const [header, ...records] = parseCsv((await exportOf('csv', `&presetId=${preset.id}`)).body);
    expect(header).toEqual(['Code', 'Hrs', 'Base', 'Factor', 'Paid at', 'Amt']);
    expect(records.slice(0, 4)).toEqual([
      ['REG', '8.00', '30.00', '1', '30.00', '240.00'],
      ['OT1.5', '4.00', '30.00', '1.5', '45.00', '180.00'],
      ['OT2', '2.00', '30.00', '2', '60.00', '120.00'],
      ['HOL', '0.80', '30.00', '1', '30.00', '24.00'],
    ]);
    // The preview (the payroll screen) carries the same figures.
    const preview = payrollPreviewSchema.parse(
      await expectApi(app, cookie, 'GET', `/api/payroll/preview?date=${PERIOD.start}`, 200),
    );
    expect(
      preview.rows
        .filter((row) => row.userId === dana.id)
        .map((row) => [row.payCode, row.rateCents, row.paidRateCents, row.multiplier]),
    ).toEqual([
      ['REG', 3000, 3000, 1],
      ['OT1.5', 3000, 4500, 1.5],
      ['OT2', 3000, 6000, 2],
      ['HOL', 3000, 3000, 1],
    ]);
  });
});
