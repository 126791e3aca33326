import { describe, expect, it } from 'vitest';
import type { Assignment } from '@punchclock/shared/contracts/schedules';
import type { DirectoryEntry } from '@punchclock/shared/contracts/users';
import { ApiError } from '@/lib/api-client';
import {
  areAllSelected,
  canEndEarlierOnOverlap,
  filterPeople,
  groupAssignmentsByUser,
  toggleAllShown,
  toggleSelected,
} from './assignment-selection';

function person(
  id: string,
  name: string | null,
  email: string,
  role: string | null,
): DirectoryEntry {
  return { id, name, email, role, teamId: null, isSuspended: false } as DirectoryEntry;
}

function assignment(id: string, userId: string, start: string): Assignment {
  return {
    id,
    userId,
    userName: null,
    userEmail: `${userId}@example.com`,
    templateId: 't',
    templateName: 'Day shift',
    dateRangeStart: start,
    dateRangeEnd: '2026-12-31',
  };
}

describe('groupAssignmentsByUser', () => {
  it('groups in order and leaves people without assignments out', () => {
    const map = groupAssignmentsByUser([
      assignment('a1', 'u1', '2026-01-01'),
      assignment('a2', 'u2', '2026-01-01'),
      assignment('a3', 'u1', '2026-06-01'),
    ]);
    expect(map.get('u1')?.map((a) => a.id)).toEqual(['a1', 'a3']);
    expect(map.get('u2')?.map((a) => a.id)).toEqual(['a2']);
    expect(map.has('u3')).toBe(false);
  });
});

describe('filterPeople', () => {
  const people = [
    person('1', 'Ada Lovelace', 'ada@example.com', 'admin'),
    person('2', null, 'grace@example.com', null),
    person('3', 'Alan Turing', 'alan@corp.test', 'team_lead'),
  ];
  const ids = (list: DirectoryEntry[]) => list.map((p) => p.id);

  it('matches name or email, case-insensitively, ignoring surrounding spaces', () => {
    expect(ids(filterPeople(people, '', ''))).toEqual(['1', '2', '3']);
    expect(ids(filterPeople(people, ' EXAMPLE ', ''))).toEqual(['1', '2']);
    expect(ids(filterPeople(people, 'turing', ''))).toEqual(['3']);
  });

  it('filters by role, counting people without one as employees', () => {
    expect(ids(filterPeople(people, '', 'employee'))).toEqual(['2']);
    expect(ids(filterPeople(people, 'a', 'admin'))).toEqual(['1']);
  });
});

describe('selection', () => {
  it('toggles one person without changing the original set', () => {
    const selected = new Set(['1']);
    expect([...toggleSelected(selected, '2')]).toEqual(['1', '2']);
    expect([...toggleSelected(selected, '1')]).toEqual([]);
    expect([...selected]).toEqual(['1']);
  });

  it('is never "all selected" when nobody is shown', () => {
    expect(areAllSelected(new Set(['1']), [])).toBe(false);
    expect(areAllSelected(new Set(['1', '2']), ['1', '2'])).toBe(true);
    expect(areAllSelected(new Set(['1']), ['1', '2'])).toBe(false);
  });

  it('selects every shown person, keeping people selected under other filters', () => {
    expect([...toggleAllShown(new Set(['9', '1']), ['1', '2'])].sort()).toEqual(['1', '2', '9']);
  });

  it('clears the shown people when all of them are selected', () => {
    expect([...toggleAllShown(new Set(['9', '1', '2']), ['1', '2'])]).toEqual(['9']);
  });
});

describe('canEndEarlierOnOverlap', () => {
  it('offers to end the earlier assignment when it started before', () => {
    const error = new ApiError('Overlaps Day shift from 2026-01-01', 409, 'assignment_overlap');
    expect(canEndEarlierOnOverlap(error)).toBe(true);
  });

  it('does not when the other assignment starts within the new range, whatever the language', () => {
    for (const message of [
      'Iris already has Day shift from 2026-08-10 to 2026-08-20 (it starts within the new dates)',
      'Iris a déjà Jour du 2026-08-10 au 2026-08-20 (elle commence dans les nouvelles dates)',
    ]) {
      const error = new ApiError(message, 409, 'assignment_overlap_inside');
      expect(canEndEarlierOnOverlap(error)).toBe(false);
    }
  });

  it('does not for other errors', () => {
    expect(canEndEarlierOnOverlap(new ApiError('No', 403, 'forbidden'))).toBe(false);
    expect(canEndEarlierOnOverlap(new Error('Network down'))).toBe(false);
  });
});
