import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  describeUserPage,
  filterUserList,
  INITIAL_USER_LIST_FILTERS,
  lastUserPage,
  sortUserList,
  toListUsersQuery,
  useUserListFilters,
} from './user-list-filters';

describe('toListUsersQuery', () => {
  it('leaves out empty filters', () => {
    expect(toListUsersQuery(INITIAL_USER_LIST_FILTERS, '')).toEqual({
      search: undefined,
      role: undefined,
      status: undefined,
      teamId: undefined,
      sort: 'name',
      direction: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('passes the chosen filters', () => {
    const filters = {
      ...INITIAL_USER_LIST_FILTERS,
      role: 'admin',
      status: 'suspended',
      teamId: 't1',
      page: 3,
    };
    expect(toListUsersQuery(filters, 'ada')).toMatchObject({
      search: 'ada',
      role: 'admin',
      status: 'suspended',
      teamId: 't1',
      page: 3,
    });
  });
});

describe('sortUserList', () => {
  const onPage3 = { ...INITIAL_USER_LIST_FILTERS, page: 3 };

  it('flips the direction of the sorted column and goes back to page 1', () => {
    const once = sortUserList(onPage3, 'name');
    expect(once).toMatchObject({ sort: 'name', direction: 'desc', page: 1 });
    expect(sortUserList(once, 'name')).toMatchObject({ direction: 'asc' });
  });

  it('sorts another column ascending', () => {
    const descending = { ...onPage3, direction: 'desc' as const };
    expect(sortUserList(descending, 'email')).toMatchObject({
      sort: 'email',
      direction: 'asc',
      page: 1,
    });
  });
});

describe('filterUserList', () => {
  it('sets the filter and goes back to page 1', () => {
    const filters = { ...INITIAL_USER_LIST_FILTERS, page: 4 };
    expect(filterUserList(filters, 'role', 'team_lead')).toMatchObject({
      role: 'team_lead',
      page: 1,
    });
  });
});

describe('paging', () => {
  it('describes the rows shown', () => {
    expect(describeUserPage(1, 0)).toBe('No people');
    expect(describeUserPage(1, 60)).toBe('1–25 of 60');
    expect(describeUserPage(3, 60)).toBe('51–60 of 60');
  });

  it('has at least one page', () => {
    expect(lastUserPage(0)).toBe(1);
    expect(lastUserPage(25)).toBe(1);
    expect(lastUserPage(26)).toBe(2);
  });
});

describe('useUserListFilters', () => {
  it('builds the query from the filters, trimming the search', () => {
    const { result } = renderHook(() => useUserListFilters());
    act(() => result.current.setFilter('search', '  ada  '));
    expect(result.current.filters.search).toBe('  ada  ');
    expect(result.current.query.search).toBe('ada');
  });

  it('resets the page when a filter or the sort changes', () => {
    const { result } = renderHook(() => useUserListFilters());
    act(() => result.current.setPage(2));
    expect(result.current.query.page).toBe(2);
    act(() => result.current.setFilter('status', 'active'));
    expect(result.current.query).toMatchObject({ status: 'active', page: 1 });
    act(() => result.current.setPage(2));
    act(() => result.current.sortable('email').onSort());
    expect(result.current.query).toMatchObject({ sort: 'email', direction: 'asc', page: 1 });
    expect(result.current.sortable('email')).toMatchObject({ isActive: true, direction: 'asc' });
    expect(result.current.sortable('name').isActive).toBe(false);
  });
});
