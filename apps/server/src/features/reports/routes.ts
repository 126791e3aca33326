import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { parseInput } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  getAdherenceReport,
  getAnalytics,
  getDayDetail,
  getPersonDays,
  getRecomputeRun,
  getWorkedHours,
  listRecentRuns,
  requestRecompute,
} from './service.ts';

export const exportFormat = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const WORKED_HOURS_COLUMNS = [
  ['name', 'Name'],
  ['teamName', 'Team'],
  ['bucket', 'From'],
  ['days', 'Days worked'],
  ['scheduledHours', 'Scheduled hours'],
  ['workedHours', 'Worked hours'],
  ['overtimeHours', 'Overtime hours'],
  ['breakHours', 'Break hours (paid)'],
  ['lunchHours', 'Lunch hours (unpaid)'],
  ['paidLeaveHours', 'Paid time off hours'],
  ['unpaidLeaveHours', 'Unpaid time off hours'],
] as const;

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export function registerReportRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // Team leads see the same reports for the teams they lead (docs/decisions/0008, 0010).
  const leads = { config: { access: ['admin', 'team_lead'] as const } };
  const admin = { config: { access: 'admin' as const } };
  const viewerOf = (request: FastifyRequest) => requireAuth(request);

  app.get('/api/reports/adherence', leads, async (request) =>
    getAdherenceReport(db, viewerOf(request), request.query),
  );
  app.get('/api/reports/person-days', leads, async (request) =>
    getPersonDays(db, viewerOf(request), request.query),
  );
  app.get('/api/reports/day', leads, async (request) =>
    getDayDetail(db, config.timeZone, viewerOf(request), request.query),
  );
  app.get('/api/reports/worked-hours', leads, async (request) =>
    getWorkedHours(db, viewerOf(request), request.query),
  );
  app.get('/api/reports/analytics', leads, async (request) =>
    getAnalytics(db, viewerOf(request), request.query),
  );

  app.get('/api/reports/worked-hours/export', leads, async (request, reply) => {
    const { format } = parseInput(exportFormat, request.query);
    const report = await getWorkedHours(db, viewerOf(request), request.query);
    const records = report.rows.map((row) => ({
      name: row.name,
      teamName: row.teamName ?? '',
      bucket: row.bucket,
      days: row.days,
      scheduledHours: hours(row.scheduledMinutes),
      workedHours: hours(row.workedMinutes),
      overtimeHours: hours(row.overtimeMinutes),
      breakHours: hours(row.breakMinutes),
      lunchHours: hours(row.lunchMinutes),
      paidLeaveHours: hours(row.paidLeaveMinutes),
      unpaidLeaveHours: hours(row.unpaidLeaveMinutes),
    }));
    const fileName = `worked-hours-${new Date().toISOString().slice(0, 10)}.${format}`;
    void reply
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store');
    if (format === 'csv') {
      const csv = stringify(records, {
        header: true,
        columns: WORKED_HOURS_COLUMNS.map(([key, header]) => ({ key, header })),
        escape_formulas: true,
      });
      return reply.header('content-type', 'text/csv; charset=utf-8').send(csv);
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Worked hours');
    sheet.columns = WORKED_HOURS_COLUMNS.map(([key, header]) => ({
      key,
      header,
      width: header.length + 6,
    }));
    sheet.addRows(records);
    sheet.getRow(1).font = { bold: true };
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(buffer);
  });

  app.post('/api/reports/recompute', admin, async (request, reply) =>
    reply.status(202).send({
      run: await requestRecompute(db, request.body, {
        actorId: viewerOf(request).userId,
        meta: getRequestMeta(request),
      }),
    }),
  );
  app.get('/api/reports/recompute', admin, async () => ({ runs: await listRecentRuns(db) }));
  app.get('/api/reports/recompute/:id', admin, async (request) => ({
    run: await getRecomputeRun(db, z.object({ id: z.string() }).parse(request.params).id),
  }));
}
