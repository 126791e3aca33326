import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { PeopleImportResult } from '@punchclock/shared/contracts/people-import';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import {
  passwordTokens,
  payRates,
  periodLocks,
  profiles,
  ssoProviders,
  teams,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { hostileString } from '../../test/hostile-input.ts';
import {
  auditRowsAfter,
  expectApi,
  lastAuditId,
  seedTeam,
  uniqueTeamName,
} from '../../test/users.ts';

const PUBLIC_URL = 'https://punchclock.example.com';

/** A real SMTP server in this process, keeping what it receives (as the email tests do). */
async function startSmtpServer() {
  const received: { to: string; subject: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({ to: to?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HEADER = 'name,email,role,team,employee_number,hire_date,hourly_rate,language,manager';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A one-sheet workbook of these rows, as base64. */
async function xlsxOf(rows: (string | number)[][], format?: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  for (const row of rows) sheet.addRow(row);
  format?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

describeEachDatabase('people import (#33 part 2)', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let adminCookie: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    db = getDatabase().db;
    smtp = await startSmtpServer();
    app = await buildTestApp(getDatabase().database, {
      email: { ...testConfig().email, smtpUrl: smtp.url, publicUrl: PUBLIC_URL },
    });
    admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const preview = (content: string, fileName = 'people.csv') =>
    expectApi<PeopleImportResult>(app, adminCookie, 'POST', '/api/users/import/preview', 200, {
      fileName,
      content: base64(content),
    });
  const commit = (
    content: string,
    sendInvitations: 'none' | 'password' | 'sso' = 'none',
    fileName = 'people.csv',
  ) =>
    expectApi<PeopleImportResult>(app, adminCookie, 'POST', '/api/users/import', 200, {
      fileName,
      content: base64(content),
      sendInvitations,
    });
  const countUsers = async () =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
  const profileOf = async (email: string) => {
    const [row] = await db
      .select({
        id: users.id,
        name: profiles.fullName,
        teamId: profiles.teamId,
        hireDate: profiles.hireDate,
        employeeNumber: profiles.employeeNumber,
        language: profiles.language,
        managerId: profiles.managerId,
        passwordSignInOff: profiles.passwordSignInOff,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  };
  const statusesOf = (result: PeopleImportResult) => result.rows.map((row) => row.status);
  /** A person's pay rates as [from, cents], oldest first. */
  const ratesOf = async (userId: string) =>
    (await db.select().from(payRates).where(eq(payRates.userId, userId)))
      .map((rate) => [rate.effectiveFrom, rate.hourlyCents])
      .sort();
  const today = () => toBusinessDate(new Date(), testConfig().timeZone);

  it('gives a template in CSV and XLSX that previews as two new people, one reporting to the other', async () => {
    const csvTemplate = await app.inject({
      method: 'GET',
      url: '/api/users/import/template?format=csv',
      headers: { cookie: adminCookie },
    });
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.headers['content-type']).toContain('text/csv');
    expect(csvTemplate.body.split('\n')[0]).toBe(HEADER);

    const xlsx = await app.inject({
      method: 'GET',
      url: '/api/users/import/template?format=xlsx',
      headers: { cookie: adminCookie },
    });
    expect(xlsx.statusCode).toBe(200);
    const result = await expectApi<PeopleImportResult>(
      app,
      adminCookie,
      'POST',
      '/api/users/import/preview',
      200,
      { fileName: 'template.xlsx', content: xlsx.rawPayload.toString('base64') },
    );
    expect(result.columns).toHaveLength(9);
    expect(result.rows.map((row) => [row.email, row.status, row.problems])).toEqual([
      ['sam.lee@example.com', 'new', []],
      ['alex.martin@example.com', 'new', []],
    ]);
    expect(result.imported).toBe(false);
  });

  it('previews each row (new, updated, unchanged, refused with the reason per cell) and writes nothing', async () => {
    const team = await seedTeam(db, { name: uniqueTeamName('Desk') });
    const known = await createTestUser(db, { name: 'Known Person' });
    const same = await createTestUser(db, { name: 'Same Person' });
    const fresh = uniqueEmail('fresh');
    const usersBefore = await countUsers();
    const audits = await lastAuditId(db);
    const result = await preview(
      csv(
        `New Person,${fresh},employee,${team.name},,2026-01-05,18.50,fr,${known.email.toUpperCase()}`,
        `Known Renamed,${known.email},team_lead,,,,,,`,
        `Same Person,${same.email.toUpperCase()},,,,,,,`,
        `Bad Date,${uniqueEmail('bad')},employee,,,2026-02-30,,,`,
        `Twice,${fresh},,,,,,,`,
        `No Manager,${uniqueEmail('lost')},,,,,,,nobody@example.com`,
        `Bad\u0000Name,${uniqueEmail('nul')},,,,,abc,xx,`,
      ),
    );
    expect(statusesOf(result)).toEqual([
      'new',
      'updated',
      'unchanged',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    expect(result.counts).toEqual({ new: 1, updated: 1, unchanged: 1, refused: 4 });
    expect(result.rows[1]!.changes).toEqual([
      { column: 'name', before: 'Known Person', after: 'Known Renamed' },
      { column: 'role', before: 'employee', after: 'team_lead' },
    ]);
    expect(result.rows[3]!.problems.map((problem) => problem.column)).toEqual(['hire_date']);
    expect(result.rows[4]!.problems).toEqual([
      { column: 'email', message: 'This email is already on row 2' },
    ]);
    expect(result.rows[5]!.problems[0]!.column).toBe('manager');
    expect(result.rows[6]!.problems.map((problem) => problem.column).sort()).toEqual([
      'hourly_rate',
      'language',
      'name',
    ]);
    expect(await countUsers()).toBe(usersBefore);
    expect(await auditRowsAfter(db, audits)).toEqual([]);
  });

  it('imports all or nothing: one refused row and nobody is written', async () => {
    const usersBefore = await countUsers();
    const audits = await lastAuditId(db);
    const teamName = uniqueTeamName('Never');
    const result = await commit(
      csv(`Good One,${uniqueEmail('good')},,${teamName},,,,,`, `Bad One,not-an-email,,,,,,,`),
      'password',
    );
    expect(result.imported).toBe(false);
    expect(result.counts.refused).toBe(1);
    expect(await countUsers()).toBe(usersBefore);
    expect(await db.select().from(teams).where(eq(teams.name, teamName))).toEqual([]);
    expect(await auditRowsAfter(db, audits)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('creates people, a new team, managers from the same file and rates; audited; a re-run changes nothing', async () => {
    const lead = uniqueEmail('lead');
    const worker = uniqueEmail('worker');
    const teamName = uniqueTeamName('Imported');
    const file = csv(
      // The worker comes first and reports to the lead, who is further down the same file.
      `Wendy Worker,${worker},employee,${teamName},IMP-${worker.slice(0, 8)},2025-03-01,"18,50",fr,${lead}`,
      `Larry Lead,${lead},team_lead,${teamName.toUpperCase()},,,,,`,
    );
    const first = await preview(file);
    expect(first.newTeams).toEqual([teamName]);
    const audits = await lastAuditId(db);
    const result = await commit(file);
    expect(result.imported).toBe(true);
    expect(result.counts).toEqual({ new: 2, updated: 0, unchanged: 0, refused: 0 });

    const [team] = await db.select().from(teams).where(eq(teams.name, teamName));
    const workerRow = await profileOf(worker);
    const leadRow = await profileOf(lead);
    expect(workerRow).toMatchObject({
      name: 'Wendy Worker',
      teamId: team!.id,
      hireDate: '2025-03-01',
      language: 'fr-CA',
      managerId: leadRow!.id,
      passwordSignInOff: false,
    });
    expect(leadRow!.teamId).toBe(team!.id);
    expect(await ratesOf(workerRow!.id)).toEqual([['2025-03-01', 1850]]);
    const actions = (await auditRowsAfter(db, audits)).map((row) => row.action).sort();
    expect(actions).toEqual([
      'pay_rate.create',
      'people.import',
      'team.create',
      'user.create',
      'user.create',
    ]);
    // Nobody was invited: no email, no set-password link.
    expect(smtp.received).toEqual([]);
    expect(
      await db.select().from(passwordTokens).where(eq(passwordTokens.userId, workerRow!.id)),
    ).toEqual([]);

    // The same file again: every row unchanged, nothing written, no audit row.
    const again = await lastAuditId(db);
    const rerun = await commit(file);
    expect(statusesOf(rerun)).toEqual(['unchanged', 'unchanged']);
    expect(rerun.newTeams).toEqual([]);
    expect(await auditRowsAfter(db, again)).toEqual([]);
  });

  it('tells webhooks as the form does: user.created for a new person, user.updated for a new role', async () => {
    const existing = await createTestUser(db);
    const hook = await expectApi<{ endpoint: { id: string } }>(
      app,
      adminCookie,
      'POST',
      '/api/webhooks',
      201,
      {
        url: 'http://127.0.0.1:9/hooks',
        eventTypes: ['user.created', 'user.updated'],
        allowPrivateNetwork: true,
      },
    );
    const fresh = uniqueEmail('hooked');
    await commit(csv(`Hooked Person,${fresh},,,,,,,`, `,${existing.email},sme,,,,,,`));
    const deliveries = await db
      .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    expect(deliveries.map((delivery) => delivery.type).sort()).toEqual([
      'user.created',
      'user.updated',
    ]);
    const updated = deliveries.find((delivery) => delivery.type === 'user.updated');
    expect(updated?.payload).toMatchObject({ data: { changed: ['role'], id: existing.id } });
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, hook.endpoint.id));
  });

  it('updates a person: role, team, manager, and a new rate from today when it differs', async () => {
    const person = await createTestUser(db, { name: 'Rita Rate' });
    const manager = await createTestUser(db, { role: 'team_lead', name: 'Max Manager' });
    const team = await seedTeam(db, { name: uniqueTeamName('Floor') });
    await db
      .insert(payRates)
      .values({ userId: person.id, effectiveFrom: '2020-01-01', hourlyCents: 1700 });
    const audits = await lastAuditId(db);
    const result = await commit(
      csv(`,${person.email},team_lead,${team.name},,,17.00,,${manager.email}`),
    );
    expect(statusesOf(result)).toEqual(['updated']);
    // The rate is the same: no new rate.
    expect(result.rows[0]!.changes.map((change) => change.column)).toEqual([
      'role',
      'team',
      'manager',
    ]);
    const rows = await auditRowsAfter(db, audits);
    const update = rows.find((row) => row.action === 'user.update');
    expect(update).toMatchObject({
      entityId: person.id,
      before: { role: 'employee', teamName: null, managerEmail: null },
      after: { role: 'team_lead', teamName: team.name, managerEmail: manager.email },
    });

    const raised = await commit(csv(`,${person.email},,,,,17.25,,`));
    expect(raised.rows[0]!.changes).toEqual([
      { column: 'hourly_rate', before: '17.00', after: '17.25' },
    ]);
    expect(await ratesOf(person.id)).toEqual([
      ['2020-01-01', 1700],
      [today(), 1725],
    ]);
    // A second change the same day replaces that day's rate (one rate a day), audited as such.
    const sameDay = await lastAuditId(db);
    const twice = await commit(csv(`,${person.email},,,,,17.50,,`));
    expect(twice.rows[0]!.changes).toEqual([
      { column: 'hourly_rate', before: '17.25', after: '17.50' },
    ]);
    expect(await ratesOf(person.id)).toEqual([
      ['2020-01-01', 1700],
      [today(), 1750],
    ]);
    expect((await auditRowsAfter(db, sameDay)).map((row) => row.action).sort()).toEqual([
      'pay_rate.create',
      'pay_rate.delete',
      'people.import',
      'user.update',
    ]);
  });

  it('refuses changing the caller’s own role, and an employee number someone else holds', async () => {
    const holder = await createTestUser(db);
    await db.update(profiles).set({ employeeNumber: 'HELD-1' }).where(eq(profiles.id, holder.id));
    const result = await preview(
      csv(`,${admin.email},employee,,,,,,`, `Someone,${uniqueEmail('num')},,,HELD-1,,,,`),
    );
    expect(result.rows.map((row) => row.problems.map((problem) => problem.column))).toEqual([
      ['role'],
      ['employee_number'],
    ]);
  });

  it('reads French headers, semicolons and French values, and answers in French', async () => {
    const email = uniqueEmail('francais');
    const file = [
      'Nom;Courriel;Rôle;Équipe;Date d’embauche;Taux horaire;Langue',
      `Françoise Tremblay;${email};Employé;;2024-05-01;21,75;français`,
      'Sans Courriel;pas-un-courriel;;;;;',
    ].join('\r\n');
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/import/preview',
      headers: { ...CSRF_HEADERS, cookie: adminCookie, 'accept-language': 'fr-CA' },
      payload: { fileName: 'personnes.csv', content: base64(file) },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<PeopleImportResult>();
    expect(result.columns).toEqual([
      'name',
      'email',
      'role',
      'team',
      'hire_date',
      'hourly_rate',
      'language',
    ]);
    expect(result.rows[0]).toMatchObject({ status: 'new', problems: [] });
    expect(result.rows[0]!.changes).toContainEqual({
      column: 'language',
      before: null,
      after: 'fr-CA',
    });
    expect(result.rows[1]!.problems[0]).toEqual({
      column: 'email',
      message: 'Adresse courriel non valide',
    });
  });

  it('sends set-password invitations to new people only when asked, in their language', async () => {
    const existing = await createTestUser(db);
    const invited = uniqueEmail('invited');
    const result = await commit(
      csv(`Ina Invited,${invited},,,,,,fr,`, `,${existing.email},,,,,,,`),
      'password',
    );
    expect(result.invitations).toEqual({ kind: 'password', count: 1, emailConfigured: true });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    expect(smtp.received[0]!.to).toBe(invited);
    expect(smtp.received[0]!.text).toMatch(/\/set-password#token=/);
    const person = await profileOf(invited);
    expect(
      await db.select().from(passwordTokens).where(eq(passwordTokens.userId, person!.id)),
    ).toHaveLength(1);
  });

  it('sends single sign-on invitations only with a provider turned on, and turns password sign-in off', async () => {
    const email = uniqueEmail('sso');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { ...CSRF_HEADERS, cookie: adminCookie },
      payload: {
        fileName: 'p.csv',
        content: base64(csv(`Sso Person,${email},,,,,,,`)),
        sendInvitations: 'sso',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(await profileOf(email)).toBeUndefined();

    await db.insert(ssoProviders).values({
      slug: `idp-${email.slice(0, 6)}`,
      name: 'Company SSO',
      issuerUrl: 'https://idp.example.com',
      clientId: 'punchclock',
    });
    const result = await commit(csv(`Sso Person,${email},,,,,,,`), 'sso');
    expect(result.invitations.count).toBe(1);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    expect(smtp.received[0]!.text).toContain(`${PUBLIC_URL}/auth`);
    expect((await profileOf(email))!.passwordSignInOff).toBe(true);
  });

  it('a rate for a hire date after today starts on the hire date: a re-run is unchanged, a correction replaces it', async () => {
    const email = uniqueEmail('future');
    const hired = shiftDate(today(), 20);
    const file = (rate: string) => csv(`Future Hire,${email},,,,${hired},${rate},,`);
    expect(statusesOf(await commit(file('20.00')))).toEqual(['new']);
    const person = await profileOf(email);

    const again = await commit(file('20.00'));
    expect(statusesOf(again)).toEqual(['unchanged']);
    expect(await ratesOf(person!.id)).toEqual([[hired, 2000]]);

    const corrected = await commit(file('21.00'));
    expect(statusesOf(corrected)).toEqual(['updated']);
    expect(corrected.rows[0]!.changes).toEqual([
      { column: 'hourly_rate', before: '20.00', after: '21.00' },
    ]);
    expect(await ratesOf(person!.id)).toEqual([[hired, 2100]]);
    expect(statusesOf(await commit(file('21.00')))).toEqual(['unchanged']);
  });

  it('refuses a rate that a later-dated rate would override, with the reason', async () => {
    const person = await createTestUser(db);
    const later = shiftDate(today(), 30);
    await db.insert(payRates).values([
      { userId: person.id, effectiveFrom: '2020-01-01', hourlyCents: 1700 },
      { userId: person.id, effectiveFrom: later, hourlyCents: 1900 },
    ]);
    const result = await preview(csv(`,${person.email},,,,,18.00,,`));
    expect(statusesOf(result)).toEqual(['refused']);
    expect(result.rows[0]!.problems).toEqual([
      {
        column: 'hourly_rate',
        message: `This person has a rate from ${later}, which would override this one: change their rates on the Payroll screen`,
      },
    ]);
    // The rate in force today is no change at all.
    expect(statusesOf(await preview(csv(`,${person.email},,,,,17.00,,`)))).toEqual(['unchanged']);
  });

  it('refuses a rate a locked pay period covers, from the day that rate would start', async () => {
    const current = await createTestUser(db);
    const futureHire = await createTestUser(db);
    const hired = shiftDate(today(), 20);
    await db.update(profiles).set({ hireDate: hired }).where(eq(profiles.id, futureHire.id));
    await db
      .insert(payRates)
      .values({ userId: current.id, effectiveFrom: '2020-01-01', hourlyCents: 1700 });
    const [lock] = await db
      .insert(periodLocks)
      .values({ fromDate: shiftDate(today(), -6), toDate: shiftDate(today(), 6) })
      .returning();
    try {
      const result = await preview(
        csv(`,${current.email},,,,,18.00,,`, `,${futureHire.email},,,,,18.00,,`),
      );
      expect(result.rows.map((row) => row.problems.map((problem) => problem.column))).toEqual([
        ['hourly_rate'],
        [],
      ]);
      expect(result.rows[1]!.changes).toEqual([
        { column: 'hourly_rate', before: null, after: '18.00' },
      ]);
    } finally {
      await db
        .update(periodLocks)
        .set({ reopenedAt: new Date() })
        .where(eq(periodLocks.id, lock!.id));
    }
  });

  it('employee numbers are unique whatever their case, in the file and against Punchclock', async () => {
    const holder = await createTestUser(db);
    const number = `E${holder.id.slice(0, 6).toUpperCase()}`;
    await db.update(profiles).set({ employeeNumber: number }).where(eq(profiles.id, holder.id));
    const lower = number.toLowerCase();
    const result = await preview(
      csv(
        `Other,${uniqueEmail('case')},,,${lower},,,,`,
        `One,${uniqueEmail('one')},,,F${lower},,,,`,
        `Two,${uniqueEmail('two')},,,f${number},,,,`,
      ),
    );
    expect(result.rows.map((row) => row.problems)).toEqual([
      [
        {
          column: 'employee_number',
          message: `Employee number ${lower} belongs to someone else`,
        },
      ],
      [],
      [
        {
          column: 'employee_number',
          message: `Employee number f${number} is already on row 3`,
        },
      ],
    ]);
    // The holder may write their own number in another case.
    const own = await preview(csv(`,${holder.email},,,${lower},,,,`));
    expect(own.rows[0]!.changes).toEqual([
      { column: 'employee_number', before: number, after: lower },
    ]);
  });

  it('refuses a manager whose chain through people not in the file leads back to the person', async () => {
    const a = await createTestUser(db, { name: 'Ann Top' });
    const d = await createTestUser(db, { name: 'Dan Middle' });
    const b = await createTestUser(db, { name: 'Bea Bottom' });
    await db.update(profiles).set({ managerId: a.id }).where(eq(profiles.id, d.id));
    await db.update(profiles).set({ managerId: d.id }).where(eq(profiles.id, b.id));
    const result = await preview(csv(`,${a.email},,,,,,,${b.email}`));
    expect(result.rows[0]!.problems).toEqual([
      { column: 'manager', message: 'A person cannot report to someone who reports to them' },
    ]);
    // A circle the file closes between people it does not name as the manager: Dan ↔ Bea.
    const between = await preview(csv(`,${d.email},,,,,,,${b.email}`));
    expect(statusesOf(between)).toEqual(['refused']);
    // The file may break the circle: Dan no longer reports to Ann.
    const fine = await preview(
      csv(`,${a.email},,,,,,,${b.email}`, `,${d.email},,,,,,,${admin.email}`),
    );
    expect(statusesOf(fine)).toEqual(['updated', 'updated']);
  });

  it('reads a CSV saved by Excel on Windows (Windows-1252)', async () => {
    const email = uniqueEmail('helene');
    const bytes = Buffer.from(
      `nom,courriel,\xc9quipe\nH\xe9l\xe8ne Roy,${email},Entrep\xf4t\n`,
      'latin1',
    );
    const result = await expectApi<PeopleImportResult>(
      app,
      adminCookie,
      'POST',
      '/api/users/import/preview',
      200,
      { fileName: 'people.csv', content: bytes.toString('base64') },
    );
    expect(result.ignoredColumns).toEqual([]);
    expect(result.columns).toEqual(['name', 'email', 'team']);
    expect(result.rows[0]!.name).toBe('Hélène Roy');
    expect(result.rows[0]!.changes).toContainEqual({
      column: 'team',
      before: null,
      after: 'Entrepôt',
    });
  });

  it('joins first and last name columns, reads language codes, and keeps an XLSX number’s leading zeros', async () => {
    const emails = [uniqueEmail('first'), uniqueEmail('second'), uniqueEmail('third')];
    const french = await preview(
      [
        'Prénom;Nom;Courriel;Langue',
        `Françoise;Tremblay;${emails[0]};fr-FR`,
        `Jean;;${emails[1]};en-CA`,
        `;Roy;${emails[2]};English`,
      ].join('\n'),
    );
    expect(french.columns).toEqual(['name', 'email', 'language']);
    expect(french.ignoredColumns).toEqual([]);
    expect(french.rows.map((row) => [row.name, row.problems])).toEqual([
      ['Françoise Tremblay', []],
      ['Jean', []],
      ['Roy', []],
    ]);
    expect(
      french.rows.map((row) => row.changes.find((c) => c.column === 'language')?.after),
    ).toEqual(['fr-CA', 'en', 'en']);
    const english = await preview(
      `Given name,Surname,Email,Language\nAl,Bert,${emails[0]},en-US\nCo,Dee,${emails[1]},French`,
    );
    expect(english.rows.map((row) => [row.name, row.status])).toEqual([
      ['Al Bert', 'new'],
      ['Co Dee', 'new'],
    ]);
    const lone = await preview(`Name,Email\nLone Name,${emails[0]}`);
    expect(lone.rows[0]!.name).toBe('Lone Name');

    const content = await xlsxOf(
      [
        ['First name', 'Last name', 'Email', 'Employee number', 'Language'],
        ['Zed', 'Zero', emails[2]!, 1001, 'français'],
      ],
      (sheet) => {
        sheet.getCell('D2').numFmt = '00000';
      },
    );
    const xlsx = await expectApi<PeopleImportResult>(
      app,
      adminCookie,
      'POST',
      '/api/users/import/preview',
      200,
      { fileName: 'people.xlsx', content },
    );
    expect(xlsx.rows[0]).toMatchObject({ name: 'Zed Zero', status: 'new', problems: [] });
    expect(xlsx.rows[0]!.changes).toContainEqual({
      column: 'employee_number',
      before: null,
      after: '01001',
    });
  });

  it('answers 4xx or a refusal, never 500, whatever the cells hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileString, { minLength: 9, maxLength: 9 }), async (cells) => {
        const quoted = cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
        const response = await app.inject({
          method: 'POST',
          url: '/api/users/import/preview',
          headers: { ...CSRF_HEADERS, cookie: adminCookie },
          payload: { fileName: 'fuzz.csv', content: base64(`${HEADER}\n${quoted}`) },
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a file that is not a spreadsheet or names no email column, with a message', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['name', 'team']);
    const noEmail = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/import/preview',
      headers: { ...CSRF_HEADERS, cookie: adminCookie },
      payload: { fileName: 'x.xlsx', content: noEmail },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/email column/);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/users/import/preview',
      headers: { ...CSRF_HEADERS, cookie: adminCookie },
      payload: { fileName: 'x.xlsx', content: base64('not a zip') },
    });
    expect(broken.statusCode).toBe(400);
    // Over 5 MB: the contract's own words, not the body limit's.
    const large = await app.inject({
      method: 'POST',
      url: '/api/users/import/preview',
      headers: { ...CSRF_HEADERS, cookie: adminCookie },
      payload: { fileName: 'big.csv', content: 'A'.repeat(7_100_000) },
    });
    expect(large.statusCode).toBe(400);
    expect(large.json<{ message: string }>().message).toBe('The file is too large (5 MB at most)');
  });
});
