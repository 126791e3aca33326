import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityResponse } from '@punchclock/shared/contracts/rosters';
import AvailabilityPage from './availability-page';

vi.mock('@/lib/session', () => ({ useBusinessToday: () => '2026-12-01' }));

const EXCEPTION_ID = '00000000-0000-4000-8000-0000000000e1';

const availability = {
  weekly: [
    { weekday: 1, kind: 'unavailable', startTime: null, endTime: null },
    { weekday: 3, kind: 'prefer_not', startTime: '17:00', endTime: '22:00' },
  ],
  exceptions: [
    {
      id: EXCEPTION_ID,
      date: '2026-12-24',
      kind: 'unavailable',
      startTime: null,
      endTime: null,
      note: 'Family',
    },
  ],
} satisfies AvailabilityResponse;

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url, body });
  if (method === 'DELETE') return new Response(null, { status: 204 });
  if (method === 'POST')
    return new Response(
      JSON.stringify({ exception: { id: crypto.randomUUID(), ...(body as object) } }),
      { status: 201 },
    );
  return new Response(JSON.stringify(availability), { status: 200 });
});

beforeEach(() => {
  calls = [];
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
      <AvailabilityPage />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Save weekly availability' });
}

const writes = () => calls.filter((call) => call.method !== 'GET');

describe('AvailabilityPage: the weekly pattern', () => {
  it('shows each weekday, Sunday first, with its ranges; a day with none is available all day', async () => {
    await renderPage();
    const days = screen.getAllByTestId('availability-day');
    expect(days).toHaveLength(7);
    expect(within(days[0]!).getByText('Sunday')).toBeTruthy();
    expect(within(days[0]!).getByText('Available all day')).toBeTruthy();
    expect((within(days[1]!).getByLabelText('Monday, range 1') as HTMLSelectElement).value).toBe(
      'unavailable',
    );
    expect((within(days[1]!).getByLabelText('Whole day') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Wednesday, range 1, from') as HTMLInputElement).value).toBe(
      '17:00',
    );
  });

  it('saves the whole pattern: added ranges, whole days as null times, removed ranges gone', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add a range on Friday' }));
    fireEvent.change(screen.getByLabelText('Friday, range 1'), {
      target: { value: 'prefer_not' },
    });
    fireEvent.change(screen.getByLabelText('Friday, range 1, from'), {
      target: { value: '06:00' },
    });
    fireEvent.change(screen.getByLabelText('Friday, range 1, until'), {
      target: { value: '10:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Wednesday, range 1' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly availability' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'PUT',
      url: '/api/availability/weekly',
      body: {
        rules: [
          { weekday: 1, kind: 'unavailable', startTime: null, endTime: null },
          { weekday: 5, kind: 'prefer_not', startTime: '06:00', endTime: '10:30' },
        ],
      },
    });
  });

  it('says what is wrong under the range and sends nothing', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('Wednesday, range 1, until'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly availability' }));
    const day = screen.getAllByTestId('availability-day')[3]!;
    expect(within(day).getByRole('alert').textContent).toBe('End time must be a time like 09:00');
    expect(screen.getByLabelText('Wednesday, range 1').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('availability-weekly-error')?.textContent).toBe(
      'Some ranges need fixing: see the messages under them.',
    );
    expect(writes()).toHaveLength(0);
  });

  it('shows the server refusal when saving fails', async () => {
    await renderPage();
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ message: 'Give at most 10 ranges a day' }), { status: 400 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly availability' }));
    await waitFor(() =>
      expect(document.getElementById('availability-weekly-error')?.textContent).toBe(
        'Give at most 10 ranges a day',
      ),
    );
  });
});

describe('AvailabilityPage: exceptions', () => {
  it('lists exceptions with their date, kind, times and note', async () => {
    await renderPage();
    const [item] = screen.getAllByTestId('availability-exception');
    expect(item?.textContent).toContain('Dec 24, 2026');
    expect(within(item!).getByText('Unavailable')).toBeTruthy();
    expect(within(item!).getByText('Whole day')).toBeTruthy();
    expect(within(item!).getByText('“Family”')).toBeTruthy();
  });

  it('checks an exception before sending it, then posts date, kind, times and note', async () => {
    await renderPage();
    const submit = screen.getByRole('button', { name: 'Add exception' });
    const form = within(submit.closest('form')!);
    const error = () => document.getElementById('exception-error')?.textContent;
    fireEvent.click(submit);
    expect(error()).toBeTruthy(); // no date yet
    expect(writes()).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Date'), { target: { value: '2026-12-31' } });
    fireEvent.change(form.getByLabelText('I am'), { target: { value: 'available' } });
    fireEvent.click(form.getByLabelText('Between times'));
    fireEvent.change(form.getByLabelText('From'), { target: { value: '' } });
    fireEvent.click(submit);
    expect(error()).toBe('Start time must be a time like 09:00');
    expect(writes()).toHaveLength(0);

    fireEvent.change(form.getByLabelText('From'), { target: { value: '18:00' } });
    fireEvent.change(form.getByLabelText('Until'), { target: { value: '23:00' } });
    fireEvent.change(form.getByLabelText('Note (optional)'), {
      target: { value: 'Can cover the evening' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/availability/exceptions',
      body: {
        date: '2026-12-31',
        kind: 'available',
        startTime: '18:00',
        endTime: '23:00',
        note: 'Can cover the evening',
      },
    });
  });

  it('removes an exception', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the exception on Dec 24, 2026' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'DELETE',
      url: `/api/availability/exceptions/${EXCEPTION_ID}`,
    });
  });
});
