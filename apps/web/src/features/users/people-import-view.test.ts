import { describe, expect, it } from 'vitest';
import type {
  PeopleImportResult,
  PeopleImportRow,
} from '@punchclock/shared/contracts/people-import';
import { firstFilter, rowsToShow, shownValue, SHOWN_ROWS } from './people-import-view';

const row = (index: number, status: PeopleImportRow['status']): PeopleImportRow => ({
  row: index + 2,
  email: `p${index}@example.com`,
  name: `P ${index}`,
  status,
  changes: [],
  problems: [],
});

function result(rows: PeopleImportRow[]): PeopleImportResult {
  const counts = { new: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const each of rows) counts[each.status] += 1;
  return {
    imported: false,
    columns: ['name', 'email'],
    ignoredColumns: [],
    rows,
    counts,
    newTeams: [],
    invitations: { kind: 'none', count: 0, emailConfigured: false },
  };
}

describe('people import preview', () => {
  it('opens on the problems when there are any, and lists at most a page of rows', () => {
    const many = result([
      ...Array.from({ length: 300 }, (_, index) => row(index, 'new')),
      row(300, 'refused'),
      row(301, 'unchanged'),
    ]);
    expect(firstFilter(many)).toBe('problems');
    expect(rowsToShow(many, 'problems')).toEqual({ rows: [many.rows[300]], matching: 1 });
    expect(rowsToShow(many, 'changes').matching).toBe(301);
    expect(rowsToShow(many, 'all').rows).toHaveLength(SHOWN_ROWS);
    expect(firstFilter(result([row(0, 'new')]))).toBe('all');
  });

  it('shows roles, languages and rates as people read them', () => {
    expect(shownValue('role', 'team_lead')).toBe('Team lead');
    expect(shownValue('language', 'fr-CA')).toBe('Français (Canada)');
    expect(shownValue('hourly_rate', '18.50')).toBe('$18.50');
    expect(shownValue('team', null)).toBe('–');
  });
});
