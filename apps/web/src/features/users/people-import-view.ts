// What the people import's preview shows (#33 part 2): column names, values as people read
// them, and which rows are listed.
import { t } from '@lingui/core/macro';
import type {
  PeopleImportColumn,
  PeopleImportResult,
  PeopleImportRow,
} from '@punchclock/shared/contracts/people-import';
import { isRole, ROLE_LABELS } from '@punchclock/shared/domain/roles';
import { isLocale, LANGUAGE_NAMES } from '@punchclock/shared/i18n/locales';

export function columnLabel(column: PeopleImportColumn): string {
  switch (column) {
    case 'name':
      return t`Name`;
    case 'email':
      return t`Email`;
    case 'role':
      return t`Role`;
    case 'team':
      return t`Team`;
    case 'employee_number':
      return t`Employee number`;
    case 'hire_date':
      return t`Hire date`;
    case 'hourly_rate':
      return t`Hourly rate`;
    case 'language':
      return t`Language`;
    case 'manager':
      return t`Manager`;
  }
}

/** A value of a change as people read it: a role's or a language's name; "–" for none. */
export function shownValue(column: PeopleImportColumn, value: string | null): string {
  if (value === null || value === '') return '–';
  if (column === 'role' && isRole(value)) return ROLE_LABELS[value];
  if (column === 'language' && isLocale(value)) return LANGUAGE_NAMES[value];
  if (column === 'hourly_rate') return `$${value}`;
  return value;
}

export type RowFilter = 'all' | 'problems' | 'changes';

/** The most rows drawn at once: a 5,000-row table would make a phone crawl. */
export const SHOWN_ROWS = 200;

export function rowsToShow(
  result: PeopleImportResult,
  filter: RowFilter,
): { rows: PeopleImportRow[]; matching: number } {
  const matching = result.rows.filter((row) =>
    filter === 'problems'
      ? row.status === 'refused'
      : filter === 'changes'
        ? row.status !== 'unchanged'
        : true,
  );
  return { rows: matching.slice(0, SHOWN_ROWS), matching: matching.length };
}

/** The filter to open a preview with: its problems when it has any. */
export const firstFilter = (result: PeopleImportResult): RowFilter =>
  result.counts.refused > 0 ? 'problems' : 'all';
