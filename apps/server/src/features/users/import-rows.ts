// The cells of a people file, each checked on its own (#33 part 2). Pure: the file's rows in,
// typed values or a reason per cell out. What the values change is import-plan.ts's job.
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { emailSchema, firstIssueMessage, roleSchema } from '@punchclock/shared/contracts/auth';
import { isoDate, text } from '@punchclock/shared/contracts/common';
import {
  employeeNumberInputSchema,
  payRateInputSchema,
} from '@punchclock/shared/contracts/payroll';
import {
  PEOPLE_IMPORT_COLUMNS,
  type PeopleImportColumn,
} from '@punchclock/shared/contracts/people-import';
import { requiredNameSchema, teamInputSchema } from '@punchclock/shared/contracts/users';
import type { Locale } from '@punchclock/shared/i18n/locales';
import type { Role } from '@punchclock/shared/domain/roles';
import { Invalid } from '../../platform/errors.ts';
import type { TableRow } from '../../platform/table-file.ts';

/** Enough for a large company in one file; the 30-second figure is measured at 5,000. */
export const MAX_IMPORT_ROWS = 10_000;

/** Header text as people write it: any case, accents, spaces, hyphens or apostrophes. */
export function normalHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\*+$/, '')
    .replace(/[\s\-'’.]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The template's keys and the French (and common English) names a header may use instead. */
const HEADER_ALIASES: Record<string, PeopleImportColumn> = {
  full_name: 'name',
  nom: 'name',
  nom_complet: 'name',
  e_mail: 'email',
  courriel: 'email',
  adresse_courriel: 'email',
  equipe: 'team',
  employee_no: 'employee_number',
  employee_id: 'employee_number',
  numero_d_employe: 'employee_number',
  numero_employe: 'employee_number',
  matricule: 'employee_number',
  date_d_embauche: 'hire_date',
  date_embauche: 'hire_date',
  rate: 'hourly_rate',
  taux_horaire: 'hourly_rate',
  langue: 'language',
  reports_to: 'manager',
  gestionnaire: 'manager',
  superieur: 'manager',
  relevant_de: 'manager',
};

/** A name in two columns (an HR export's): the first name, then the last. */
const FIRST_NAME_HEADERS = new Set(['first_name', 'firstname', 'given_name', 'prenom']);
const LAST_NAME_HEADERS = new Set([
  'last_name',
  'lastname',
  'surname',
  'family_name',
  'nom_de_famille',
]);
/** Beside a first-name column (and no last-name one), "Nom" or "Name" is the last name. */
const NAME_OR_SURNAME_HEADERS = new Set(['nom', 'name']);

function columnOf(header: string): PeopleImportColumn | null {
  const name = normalHeader(header);
  if ((PEOPLE_IMPORT_COLUMNS as readonly string[]).includes(name)) {
    return name as PeopleImportColumn;
  }
  return HEADER_ALIASES[name] ?? null;
}

/** Each header's column; a first and a last name column together are the name, joined. */
interface Layout {
  columns: (PeopleImportColumn | null)[];
  /** The first- and last-name cells' indexes, when the name is in two columns. */
  nameParts: [number, number] | null;
}

function layoutOf(headers: readonly string[]): Layout {
  const columns = headers.map(columnOf);
  const names = headers.map(normalHeader);
  const first = names.findIndex((name) => FIRST_NAME_HEADERS.has(name));
  let last = names.findIndex((name) => LAST_NAME_HEADERS.has(name));
  if (first >= 0 && last < 0) last = names.findIndex((name) => NAME_OR_SURNAME_HEADERS.has(name));
  if (
    first < 0 ||
    last < 0 ||
    columns.some((column, index) => column === 'name' && index !== last)
  ) {
    return { columns, nameParts: null };
  }
  columns[first] = 'name';
  columns[last] = null;
  return { columns, nameParts: [first, last] };
}

const ROLE_WORDS: Record<string, Role> = {
  admin: 'admin',
  administrator: 'admin',
  administrateur: 'admin',
  administratrice: 'admin',
  team_lead: 'team_lead',
  lead: 'team_lead',
  chef_d_equipe: 'team_lead',
  employee: 'employee',
  employe: 'employee',
  employee_e: 'employee',
  sme: 'sme',
};

/** Language names and codes (any region: en-US and fr-FR are Punchclock's en and fr-CA). */
const LANGUAGE_WORDS: Record<string, Locale> = {
  en: 'en',
  en_ca: 'en',
  en_us: 'en',
  en_gb: 'en',
  eng: 'en',
  english: 'en',
  anglais: 'en',
  fr: 'fr-CA',
  fr_ca: 'fr-CA',
  fr_fr: 'fr-CA',
  fr_be: 'fr-CA',
  fr_ch: 'fr-CA',
  fra: 'fr-CA',
  fre: 'fr-CA',
  french: 'fr-CA',
  francais: 'fr-CA',
};

/** A person's values as the file gives them; undefined: the cell is empty (left as it is). */
export interface ImportedValues {
  name?: string;
  role?: Role;
  team?: string;
  employeeNumber?: string;
  hireDate?: string;
  hourlyCents?: number;
  language?: Locale;
  /** The manager's email as written. */
  manager?: string;
}

export interface CellProblem {
  column: PeopleImportColumn | null;
  message: string;
}

export interface ImportedRow {
  row: number;
  /** As written (trimmed), even when not a valid address. */
  email: string;
  /** Lower case: people are matched by email in any case. */
  emailKey: string;
  values: ImportedValues;
  problems: CellProblem[];
}

export interface ImportedTable {
  columns: PeopleImportColumn[];
  ignoredColumns: string[];
  rows: ImportedRow[];
}

type Check<T> = (cell: string) => { value: T } | { problem: string };

function bySchema<T>(schema: z.ZodType<T>): Check<T> {
  return (cell) => {
    const parsed = schema.safeParse(cell);
    return parsed.success ? { value: parsed.data } : { problem: firstIssueMessage(parsed.error) };
  };
}

/** "18.50", "18,50" (a French spreadsheet), "$18.50", "18 $" → 1850 cents; whole cents only. */
const checkRate: Check<number> = (cell) => {
  const plain = cell.replace(/[$\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) {
    return { problem: t`Give the hourly rate as a number of dollars, e.g. 18.50` };
  }
  const [dollars = '0', cents = ''] = plain.split('.');
  const parsed = payRateInputSchema.shape.hourlyCents.safeParse(
    Number(dollars) * 100 + Number(cents.padEnd(2, '0')),
  );
  return parsed.success ? { value: parsed.data } : { problem: firstIssueMessage(parsed.error) };
};

const checkRole: Check<Role> = (cell) => {
  const role = ROLE_WORDS[normalHeader(cell)] ?? roleSchema.safeParse(cell).data;
  return role
    ? { value: role }
    : { problem: t`Unknown role “${cell}”: use admin, team_lead, employee or sme` };
};

const checkLanguage: Check<Locale> = (cell) => {
  const language = LANGUAGE_WORDS[normalHeader(cell)];
  return language ? { value: language } : { problem: t`Unknown language “${cell}”: use en or fr` };
};

const CHECKS: { [K in keyof ImportedValues]-?: Check<NonNullable<ImportedValues[K]>> } = {
  name: bySchema(requiredNameSchema),
  role: checkRole,
  team: bySchema(teamInputSchema.shape.name),
  employeeNumber: bySchema(
    employeeNumberInputSchema.shape.employeeNumber.pipe(
      text().min(1, { error: () => t`Give the employee number` }),
    ),
  ),
  hireDate: bySchema(isoDate),
  hourlyCents: checkRate,
  language: checkLanguage,
  manager: bySchema(emailSchema),
};

const FIELD_OF: Record<Exclude<PeopleImportColumn, 'email'>, keyof ImportedValues> = {
  name: 'name',
  role: 'role',
  team: 'team',
  employee_number: 'employeeNumber',
  hire_date: 'hireDate',
  hourly_rate: 'hourlyCents',
  language: 'language',
  manager: 'manager',
};

/** A cell longer than any value a column takes is refused before it is looked at. */
const MAX_CELL = 1000;

/** The header row (the file's first) names the columns; every later non-empty row is a person. */
export function readPeopleRows(table: readonly TableRow[]): ImportedTable {
  const [header, ...body] = table;
  if (!header) throw new Invalid(t`The file is empty`);
  const layout = layoutOf(header.cells);
  const columns = layout.columns;
  const named = columns.filter((column): column is PeopleImportColumn => column !== null);
  if (!named.includes('email')) {
    throw new Invalid(t`The first row must name the columns, with an email column`);
  }
  if (new Set(named).size !== named.length) {
    const twice = named.find((column, index) => named.indexOf(column) !== index) ?? '';
    throw new Invalid(t`The column ${twice} appears twice`);
  }
  const people = body.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (people.length > MAX_IMPORT_ROWS) {
    throw new Invalid(t`Import at most ${MAX_IMPORT_ROWS} people at a time`);
  }
  return {
    columns: named,
    ignoredColumns: header.cells.filter(
      (cell, index) => !columns[index] && !layout.nameParts?.includes(index) && cell.trim() !== '',
    ),
    rows: people.map((row) => readRow(row, layout)),
  };
}

function readRow(row: TableRow, { columns, nameParts }: Layout): ImportedRow {
  const values: ImportedValues = {};
  const problems: CellProblem[] = [];
  let email = '';
  const cellAt = (index: number) => (row.cells[index] ?? '').trim();
  columns.forEach((column, index) => {
    const cell =
      column === 'name' && nameParts
        ? nameParts.map(cellAt).filter(Boolean).join(' ')
        : cellAt(index);
    if (!column || cell === '') return;
    if (cell.length > MAX_CELL) {
      problems.push({ column, message: t`This cell is too long` });
      return;
    }
    if (column === 'email') {
      email = cell;
      return;
    }
    const field = FIELD_OF[column];
    const checked = (CHECKS[field] as Check<unknown>)(cell);
    if ('problem' in checked) problems.push({ column, message: checked.problem });
    else (values as Record<string, unknown>)[field] = checked.value;
  });
  const parsedEmail = emailSchema.safeParse(email);
  if (email === '') problems.unshift({ column: 'email', message: t`Give the person’s email` });
  else if (!parsedEmail.success) {
    problems.unshift({ column: 'email', message: firstIssueMessage(parsedEmail.error) });
  }
  const shown = email.length > MAX_CELL ? `${email.slice(0, 100)}…` : email;
  return {
    row: row.row,
    email: shown,
    emailKey: parsedEmail.success ? parsedEmail.data.toLowerCase() : '',
    values,
    problems,
  };
}
