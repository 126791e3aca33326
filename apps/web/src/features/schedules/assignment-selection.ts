import type { Assignment } from '@punchclock/shared/contracts/schedules';
import type { DirectoryEntry } from '@punchclock/shared/contracts/users';
import { ApiError } from '@/lib/api-client';

/** Each person's assignments, in the order the server sent them. */
export function groupAssignmentsByUser(
  assignments: readonly Assignment[],
): Map<string, Assignment[]> {
  const map = new Map<string, Assignment[]>();
  for (const assignment of assignments) {
    map.set(assignment.userId, [...(map.get(assignment.userId) ?? []), assignment]);
  }
  return map;
}

/** People whose name or email contains the search, of the role ('' for all; none = employee). */
export function filterPeople(
  people: readonly DirectoryEntry[],
  search: string,
  role: string,
): DirectoryEntry[] {
  const needle = search.trim().toLowerCase();
  return people.filter((person) => {
    const matchesSearch =
      !needle ||
      person.email.toLowerCase().includes(needle) ||
      (person.name ?? '').toLowerCase().includes(needle);
    return matchesSearch && (!role || (person.role ?? 'employee') === role);
  });
}

/** Adds the id, or removes it when already selected. */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function areAllSelected(selected: ReadonlySet<string>, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}

/** "Select all shown": selects every shown person, or, when all are selected, clears them. */
export function toggleAllShown(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const isAll = areAllSelected(selected, ids);
  const next = new Set(selected);
  for (const id of ids) {
    if (isAll) next.delete(id);
    else next.add(id);
  }
  return next;
}

/**
 * Whether the server can resolve an overlap by ending the earlier assignment the day before:
 * only when the earlier one started before the new one (not when it "starts within" it).
 */
export function canEndEarlierOnOverlap(error: Error): boolean {
  return (
    error instanceof ApiError &&
    // The code, not the words: the message comes in the reader's language.
    error.code === 'assignment_overlap'
  );
}
