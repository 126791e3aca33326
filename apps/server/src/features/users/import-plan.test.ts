import { describe, expect, it } from 'vitest';
import { planImport, type ImportContext } from './import-plan.ts';
import type { ExistingPerson } from './import-repository.ts';
import { normalHeader, readPeopleRows } from './import-rows.ts';

const HEADER = 'name,email,role,team,employee_number,hire_date,hourly_rate,language,manager';
const table = (...lines: string[]) =>
  [HEADER, ...lines].map((line, index) => ({ row: index + 1, cells: line.split(',') }));

function person(id: string, email: string, role: ExistingPerson['role']): ExistingPerson {
  return {
    id,
    email,
    name: id,
    role,
    teamId: null,
    teamName: null,
    hireDate: null,
    employeeNumber: null,
    language: null,
    managerId: null,
    managerEmail: null,
    isSuspended: false,
    rates: [],
  };
}

const context = (
  people: ExistingPerson[],
  activeAdminIds: string[],
  managerIds: Record<string, string> = {},
): ImportContext => ({
  people: new Map(people.map((each) => [each.email, each])),
  teams: new Map(),
  employeeNumbers: new Map(),
  managerIds: new Map(Object.entries(managerIds)),
  activeAdminIds,
  callerId: null,
  today: '2026-11-27',
  rateLocked: new Map(),
});

describe('people import plan', () => {
  it('names columns in English or French, any case or accents', () => {
    expect(normalHeader(' Date d’embauche ')).toBe('date_d_embauche');
    const { columns, ignoredColumns } = readPeopleRows([
      { row: 1, cells: ['Courriel', 'NOM', 'Équipe', 'Taux horaire', 'Gestionnaire', 'Shoe size'] },
    ]);
    expect(columns).toEqual(['email', 'name', 'team', 'hourly_rate', 'manager']);
    expect(ignoredColumns).toEqual(['Shoe size']);
  });

  it('reads rates in dollars, with a comma or a dollar sign, in whole cents', () => {
    const { rows } = readPeopleRows(
      table('A a,a@x.ca,,,,,$18.5,,', 'B b,b@x.ca,,,,,21 $,,', 'C c,c@x.ca,,,,,1.234,,'),
    );
    expect(rows.map((row) => row.values.hourlyCents)).toEqual([1850, 2100, undefined]);
    expect(rows[2]!.problems.map((problem) => problem.column)).toEqual(['hourly_rate']);
  });

  it('refuses demoting the last active admin, and lets it through when another admin stays', () => {
    const only = person('admin-1', 'one@x.ca', 'admin');
    const other = person('admin-2', 'two@x.ca', 'admin');
    const file = readPeopleRows(table(',one@x.ca,employee,,,,,,')).rows;
    const alone = planImport(file, context([only], ['admin-1']));
    expect(alone.rows[0]!.status).toBe('refused');
    expect(alone.rows[0]!.problems[0]!.column).toBe('role');
    const withOther = planImport(file, context([only, other], ['admin-1', 'admin-2']));
    expect(withOther.rows[0]!.status).toBe('updated');
  });

  it('refuses a manager who reports to the person, in the file or already', () => {
    const ann = person('ann', 'ann@x.ca', 'employee');
    const boss = { ...person('boss', 'boss@x.ca', 'employee'), managerId: 'ann' };
    const { rows } = readPeopleRows(
      table(
        'Ann A,ann@x.ca,,,,,,,bob@x.ca',
        'Bob B,bob@x.ca,,,,,,,ann@x.ca',
        'Cat C,cat@x.ca,,,,,,,ann@x.ca',
        'Dee D,dee@x.ca,,,,,,,boss@x.ca',
        'Ann Two,ann2@x.ca,,,,,,,',
      ),
    );
    const plan = planImport(rows, context([ann, boss], [], { boss: 'ann' }));
    expect(plan.rows.map((row) => row.status)).toEqual(['refused', 'refused', 'new', 'new', 'new']);
    expect(plan.rows[0]!.problems).toEqual([
      { column: 'manager', message: 'A person cannot report to someone who reports to them' },
    ]);
    // Boss already reports to Ann: Ann may not report to Boss.
    const loop = planImport(
      readPeopleRows(table('Ann A,ann@x.ca,,,,,,,boss@x.ca')).rows,
      context([ann, boss], [], { boss: 'ann' }),
    );
    expect(loop.rows[0]!.status).toBe('refused');
  });

  it('a new person needs a name; a rate starts on their hire date, or today', () => {
    const { rows } = readPeopleRows(
      table(',new@x.ca,,,,,,,', 'New One,one@x.ca,,,,2025-02-03,20,,', 'New Two,two@x.ca,,,,,20,,'),
    );
    const plan = planImport(rows, context([], []));
    expect(plan.rows[0]!.problems).toEqual([
      { column: 'name', message: 'Give the new person’s name' },
    ]);
    expect(plan.rows.slice(1).map((row) => row.rate)).toEqual([
      { hourlyCents: 2000, effectiveFrom: '2025-02-03', before: null, replaces: false },
      { hourlyCents: 2000, effectiveFrom: '2026-11-27', before: null, replaces: false },
    ]);
  });

  it('a rate starts today or on a later hire date, compared with the rate in force then', () => {
    const rated = (hireDate: string | null, rates: ExistingPerson['rates']) => ({
      ...person('p', 'p@x.ca', 'employee'),
      hireDate,
      rates,
    });
    const planFor = (existing: ExistingPerson, cell: string) =>
      planImport(readPeopleRows(table(`,p@x.ca,,,,,${cell},,`)).rows, context([existing], []))
        .rows[0]!;
    // Hired next month at 20.00: the same rate is no change; another replaces that day's.
    const future = rated('2026-12-15', [{ effectiveFrom: '2026-12-15', hourlyCents: 2000 }]);
    expect(planFor(future, '20').status).toBe('unchanged');
    expect(planFor(future, '21').rate).toEqual({
      hourlyCents: 2100,
      effectiveFrom: '2026-12-15',
      before: 2000,
      replaces: true,
    });
    // Hired long ago: from today, compared with today's rate.
    const past = rated('2020-01-01', [{ effectiveFrom: '2020-01-01', hourlyCents: 1700 }]);
    expect(planFor(past, '18').rate).toEqual({
      hourlyCents: 1800,
      effectiveFrom: '2026-11-27',
      before: 1700,
      replaces: false,
    });
    // A later-dated rate would override it: refused, with the reason.
    const raised = rated(null, [
      { effectiveFrom: '2020-01-01', hourlyCents: 1700 },
      { effectiveFrom: '2027-01-01', hourlyCents: 1900 },
    ]);
    expect(planFor(raised, '18').problems.map((problem) => problem.column)).toEqual([
      'hourly_rate',
    ]);
  });

  it('reads employee numbers, first and last names and languages as people write them', () => {
    const { rows } = readPeopleRows([
      { row: 1, cells: ['Name', 'Email', 'Employee number'] },
      { row: 2, cells: ['A a', 'a@x.ca', 'E1001'] },
      { row: 3, cells: ['B b', 'b@x.ca', 'e1001'] },
    ]);
    const plan = planImport(rows, {
      ...context([], []),
      employeeNumbers: new Map([['e1001', ['someone']]]),
    });
    expect(plan.rows.map((row) => row.problems.map((problem) => problem.message))).toEqual([
      ['Employee number E1001 belongs to someone else'],
      [
        'Employee number e1001 is already on row 2',
        'Employee number e1001 belongs to someone else',
      ],
    ]);
    const languages = [
      'en',
      'en-CA',
      'en-US',
      'English',
      'anglais',
      'fr',
      'fr-CA',
      'fr-FR',
      'French',
      'français',
    ];
    const read = readPeopleRows([
      { row: 1, cells: ['Given name', 'Family name', 'Email', 'Language'] },
      ...languages.map((language, index) => ({
        row: index + 2,
        cells: ['Ann', 'Lee', `p${index}@x.ca`, language],
      })),
    ]);
    expect(read.rows.map((row) => row.values.language)).toEqual([
      ...Array<string>(5).fill('en'),
      ...Array<string>(5).fill('fr-CA'),
    ]);
    expect(new Set(read.rows.map((row) => row.values.name))).toEqual(new Set(['Ann Lee']));
    expect(read.rows.flatMap((row) => row.problems)).toEqual([]);
  });
});
