import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeedsResponse } from '@punchclock/shared/contracts/calendar-feeds';
import { CalendarFeedsCard } from './calendar-feeds-card';

vi.mock('@/lib/session', () => ({ useSession: () => ({ timeZone: 'America/Toronto' }) }));

const FLOOR = { id: '00000000-0000-4000-8000-0000000000f1', name: 'Floor' };
const DEPOT = { id: '00000000-0000-4000-8000-0000000000f2', name: 'Depot' };

let answer: CalendarFeedsResponse;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderRows() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CalendarFeedsCard />
    </QueryClientProvider>,
  );
  const list = await screen.findByRole('list', { name: 'Calendar addresses' });
  return within(list).getAllByRole('listitem');
}

describe('CalendarFeedsCard', () => {
  it('offers one address for oneself and one per team the person may see', async () => {
    answer = { feeds: [], teams: [FLOOR, DEPOT] };
    const rows = await renderRows();
    expect(rows.map((row) => row.querySelector('.font-medium')?.textContent)).toEqual([
      'My shifts',
      'Team Floor',
      'Team Depot',
    ]);
    for (const row of rows) {
      expect(within(row).getByText('No address yet')).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /^Stop/ })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Make an address: Team Depot' })).toBeTruthy();
  });

  it('matches each existing address to its row and says when it was made and last read', async () => {
    answer = {
      teams: [FLOOR, DEPOT],
      feeds: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          team: FLOOR,
          createdAt: '2026-11-02T14:00:00.000Z',
          lastUsedAt: '2026-11-24T13:15:00.000Z',
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          team: null,
          createdAt: '2026-11-03T15:30:00.000Z',
          lastUsedAt: null,
        },
      ],
    };
    const [mine, floor, depot] = await renderRows();
    const text = (row: HTMLElement | undefined) => row?.textContent?.replace(/\s/g, ' ');
    expect(text(mine)).toContain('Address made Nov 3, 2026, 10:30 AM · not read yet');
    expect(text(floor)).toContain(
      'Address made Nov 2, 2026, 9:00 AM · last read Nov 24, 2026, 8:15 AM',
    );
    expect(within(floor!).getByRole('button', { name: 'New address: Team Floor' })).toBeTruthy();
    expect(
      within(floor!).getByRole('button', { name: 'Stop the address: Team Floor' }),
    ).toBeTruthy();
    expect(within(depot!).getByText('No address yet')).toBeTruthy();
    expect(within(depot!).queryByRole('button', { name: /^Stop/ })).toBeNull();
  });
});
