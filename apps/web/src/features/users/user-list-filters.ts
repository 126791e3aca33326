import { t } from '@lingui/core/macro';
import { useDeferredValue, useState } from 'react';
import { formatNumber } from '@punchclock/shared/i18n/format';
import type { ListUsersQuery } from '@punchclock/shared/contracts/users';
import type { ColumnSort } from '@/components/ui/data-table';

export type UserSort = NonNullable<ListUsersQuery['sort']>;
export type SortDirection = 'asc' | 'desc';
export const USERS_PAGE_SIZE = 25;

export interface UserListFilters {
  search: string;
  /** A role, or '' for all. */
  role: string;
  /** 'active', 'suspended', or '' for any. */
  status: string;
  /** A team id, or '' for all. */
  teamId: string;
  sort: UserSort;
  direction: SortDirection;
  page: number;
}

export const INITIAL_USER_LIST_FILTERS: UserListFilters = {
  search: '',
  role: '',
  status: '',
  teamId: '',
  sort: 'name',
  direction: 'asc',
  page: 1,
};

/** The API query for the filters; empty filters are left out. */
export function toListUsersQuery(filters: UserListFilters, search: string): ListUsersQuery {
  return {
    search: search || undefined,
    role: (filters.role || undefined) as ListUsersQuery['role'],
    status: (filters.status || undefined) as ListUsersQuery['status'],
    teamId: filters.teamId || undefined,
    sort: filters.sort,
    direction: filters.direction,
    page: filters.page,
    pageSize: USERS_PAGE_SIZE,
  };
}

/** Clicking the sorted column flips its direction; another column sorts ascending. Back to page 1. */
export function sortUserList(filters: UserListFilters, column: UserSort): UserListFilters {
  return column === filters.sort
    ? { ...filters, direction: filters.direction === 'asc' ? 'desc' : 'asc', page: 1 }
    : { ...filters, sort: column, direction: 'asc', page: 1 };
}

/** A changed filter starts again at page 1. */
export function filterUserList<Key extends 'search' | 'role' | 'status' | 'teamId'>(
  filters: UserListFilters,
  key: Key,
  value: string,
): UserListFilters {
  return { ...filters, [key]: value, page: 1 };
}

/** "1–25 of 60", or "No people". */
export function describeUserPage(page: number, total: number): string {
  if (total === 0) return t`No people`;
  const first = formatNumber((page - 1) * USERS_PAGE_SIZE + 1);
  const last = formatNumber(Math.min(page * USERS_PAGE_SIZE, total));
  const count = formatNumber(total);
  return t`${first}–${last} of ${count}`;
}

export function lastUserPage(total: number): number {
  return Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
}

/** The users screen's filters, sort and page, and the API query they make. */
export function useUserListFilters() {
  const [filters, setFilters] = useState<UserListFilters>(INITIAL_USER_LIST_FILTERS);
  // Typing does not send a request per key press: the query follows the search when React is idle.
  const deferredSearch = useDeferredValue(filters.search.trim());
  return {
    filters,
    query: toListUsersQuery(filters, deferredSearch),
    setFilter: (key: 'search' | 'role' | 'status' | 'teamId', value: string) =>
      setFilters((current) => filterUserList(current, key, value)),
    setPage: (page: number) => setFilters((current) => ({ ...current, page })),
    /** The DataTable sort state of one column. */
    sortable: (column: UserSort): ColumnSort => ({
      isActive: filters.sort === column,
      direction: filters.direction,
      onSort: () => setFilters((current) => sortUserList(current, column)),
    }),
  };
}
