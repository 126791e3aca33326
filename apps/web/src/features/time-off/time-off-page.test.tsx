import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyTimeOffResponse, TimeOffRequest } from '@punchclock/shared/contracts/time-off';
import TimeOffPage from './time-off-page';

vi.mock('@/lib/session', () => ({ useBusinessToday: () => '2026-12-30' }));

const VACATION = '00000000-0000-4000-8000-0000000000a1';
const UNPAID = '00000000-0000-4000-8000-0000000000a2';

function request(fields: Partial<TimeOffRequest>): TimeOffRequest {
  return {
    id: crypto.randomUUID(),
    userId: '00000000-0000-4000-8000-000000000001',
    userName: 'Ana Lima',
    typeId: VACATION,
    typeName: 'Vacation',
    isPaid: true,
    startDate: '2026-12-17',
    endDate: '2026-12-19',
    startTime: null,
    endTime: null,
    daysX100: 300,
    note: null,
    status: 'pending',
    requestedAt: '2026-11-25T15:00:00.000Z',
    decidedByName: null,
    decidedAt: null,
    decisionComment: null,
    ...fields,
  };
}

const mine = {
  year: 2026,
  balances: [
    {
      typeId: VACATION,
      typeName: 'Vacation',
      isUnlimited: false,
      allowanceX100: 1000,
      minimumX100: 1000,
      usedX100: 300,
      pendingX100: 150,
      remainingX100: 550,
    },
    {
      typeId: UNPAID,
      typeName: 'Personal',
      isUnlimited: true,
      allowanceX100: null,
      minimumX100: 0,
      usedX100: 100,
      pendingX100: 0,
      remainingX100: null,
    },
  ],
  requests: [
    request({ status: 'pending' }),
    request({
      status: 'rejected',
      startDate: '2026-11-02',
      endDate: '2026-11-02',
      startTime: '13:00',
      endTime: '17:00',
      daysX100: 50,
      decisionComment: 'Inventory day',
    }),
  ],
  types: [
    { id: VACATION, name: 'Vacation', isPaid: true, isUnlimited: false, isStatutoryVacation: true },
    { id: UNPAID, name: 'Personal', isPaid: false, isUnlimited: true, isStatutoryVacation: false },
  ].map((type) => ({ ...type, isArchived: false, payCode: null })),
} satisfies MyTimeOffResponse;

const fetchMock = vi.fn(async () => new Response(JSON.stringify(mine), { status: 200 }));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TimeOffPage />
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Balances 2026' });
}

describe('TimeOffPage', () => {
  it('shows what is left of each allowance, with used and pending days; unlimited types say so', async () => {
    await renderPage();
    const [vacation, personal] = screen.getAllByTestId('balance');
    expect(vacation?.textContent).toBe(
      'Vacation5.5 daysof 10 days · 3 days used · 1.5 days pending',
    );
    expect(personal?.textContent).toBe('PersonalUnlimited');
  });

  it('marks unpaid types in the type list', async () => {
    await renderPage();
    const options = within(screen.getByLabelText('Type')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose…',
      'Vacation',
      'Personal (unpaid)',
    ]);
  });

  it('lists requests with their status, dates, days and the decision comment; only pending ones can be cancelled', async () => {
    await renderPage();
    const [pending, rejected] = screen.getAllByTestId('time-off-request');
    expect(within(pending!).getByText('pending')).toBeTruthy();
    expect(within(pending!).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(rejected!).getByText('rejected')).toBeTruthy();
    expect(within(rejected!).getByText('“Inventory day”')).toBeTruthy();
    expect(within(rejected!).getByText('0.5 days')).toBeTruthy();
    expect(within(rejected!).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('checks a request before sending it', async () => {
    await renderPage();
    const form = screen.getByRole('button', { name: 'Request time off' }).closest('form')!;
    const error = () => document.getElementById('time-off-error')?.textContent;
    fireEvent.submit(form);
    expect(error()).toBe('Choose a type of time off');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: VACATION } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2027-01-04' } });
    fireEvent.submit(form);
    expect(error()).toBe('A request cannot cross into the next year; make one for each year');

    fireEvent.click(screen.getByLabelText('Part of a day'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '09:00' } });
    fireEvent.submit(form);
    // Part of a day ends on its start date, whatever the last-day field said.
    expect(error()).toBe('The end time must be after the start time');
    expect(fetchMock).toHaveBeenCalledTimes(1); // the page's read only
  });
});
