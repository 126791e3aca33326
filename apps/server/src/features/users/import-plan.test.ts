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
    hourlyCents: null,
    hasRateFromToday: false,
  };
}

const context = (people: ExistingPerson[], activeAdminIds: string[]): ImportContext => ({
  people: new Map(people.map((each) => [each.email, each])),
  teams: new Map(),
  employeeNumbers: new Map(),
  activeAdminIds,
  callerId: null,
  today: '2026-11-27',
  rateLockedMessage: null,
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
    const boss = { ...person('boss', 'boss@x.ca', 'employee'), managerEmail: 'ann@x.ca' };
    const { rows } = readPeopleRows(
      table(
        'Ann A,ann@x.ca,,,,,,,bob@x.ca',
        'Bob B,bob@x.ca,,,,,,,ann@x.ca',
        'Cat C,cat@x.ca,,,,,,,ann@x.ca',
        'Dee D,dee@x.ca,,,,,,,boss@x.ca',
        'Ann Two,ann2@x.ca,,,,,,,',
      ),
    );
    const plan = planImport(rows, context([boss], []));
    expect(plan.rows.map((row) => row.status)).toEqual(['refused', 'refused', 'new', 'new', 'new']);
    expect(plan.rows[0]!.problems).toEqual([
      { column: 'manager', message: 'A person cannot report to someone who reports to them' },
    ]);
    // Boss already reports to Ann: Ann may not report to Boss.
    const loop = planImport(
      readPeopleRows(table('Ann A,ann@x.ca,,,,,,,boss@x.ca')).rows,
      context([boss], []),
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
      { hourlyCents: 2000, effectiveFrom: '2025-02-03' },
      { hourlyCents: 2000, effectiveFrom: '2026-11-27' },
    ]);
  });
});
