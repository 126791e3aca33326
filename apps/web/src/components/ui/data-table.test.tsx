import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, minutesColumn, type DataColumn } from './data-table';

interface Person {
  id: string;
  name: string;
  hours: number;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Ada', hours: 7 },
  { id: '2', name: 'Grace', hours: 8 },
];

/** Pretends the screen is a desktop (table) or a phone (cards). */
function setWide(isWide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: isWide,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function columns(onSort = () => {}): DataColumn<Person>[] {
  return [
    { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
    {
      id: 'hours',
      header: 'Hours',
      cell: (row) => row.hours,
      sort: { isActive: true, direction: 'asc', onSort },
    },
    {
      id: 'actions',
      header: 'Actions',
      isActions: true,
      cell: (row) => <button type="button">Edit {row.name}</button>,
    },
  ];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable on a wide screen', () => {
  it('draws a table with column headers, row headers and sort state', () => {
    setWide(true);
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={PEOPLE}
        rowKey={(r) => r.id}
        emptyMessage="Nobody"
      />,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Ada' })).toBeTruthy();
    expect(
      within(table).getByRole('columnheader', { name: 'Hours' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(within(table).getByRole('button', { name: 'Edit Grace' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'People' })).toBeTruthy();
  });

  it('says so when there are no rows', () => {
    setWide(true);
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={[]}
        rowKey={(r) => r.id}
        emptyMessage="Nobody matches."
      />,
    );
    expect(within(screen.getByRole('table')).getByText('Nobody matches.')).toBeTruthy();
  });

  it('sorts when a sortable heading is clicked', async () => {
    setWide(true);
    const onSort = vi.fn();
    render(
      <DataTable
        label="People"
        columns={columns(onSort)}
        rows={PEOPLE}
        rowKey={(r) => r.id}
        emptyMessage=""
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hours' }));
    expect(onSort).toHaveBeenCalledOnce();
  });
});

describe('DataTable on a phone', () => {
  it('lists each row as a card with every column labelled', () => {
    setWide(false);
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={PEOPLE}
        rowKey={(r) => r.id}
        rowTestId="person"
        emptyMessage="Nobody"
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'People' });
    const cards = within(list).getAllByTestId('person');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByText('Ada')).toBeTruthy();
    expect(within(first).getByText('Hours')).toBeTruthy();
    expect(within(first).getByText('7')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Edit Ada' })).toBeTruthy();
  });

  it('offers a Sort by select instead of clickable headings', () => {
    setWide(false);
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={PEOPLE}
        rowKey={(r) => r.id}
        emptyMessage=""
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(select.value).toBe('hours');
    expect(screen.getByRole('button', { name: 'Ascending, sort descending' })).toBeTruthy();
  });

  it('says so when there are no rows', () => {
    setWide(false);
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={[]}
        rowKey={(r) => r.id}
        emptyMessage="Nobody matches."
      />,
    );
    expect(screen.getByText('Nobody matches.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('minutesColumn', () => {
  it('shows minutes as hours and minutes in tabular figures', () => {
    const column = minutesColumn<{ worked: number }>('worked', 'Worked', (row) => row.worked);
    expect(column).toMatchObject({ id: 'worked', header: 'Worked', className: 'tabular-nums' });
    render(<>{column.cell({ worked: 450 })}</>);
    expect(screen.getByText('7h 30m')).toBeTruthy();
  });
});
