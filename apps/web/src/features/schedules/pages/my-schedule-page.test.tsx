import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyScheduleResponse } from '@punchclock/shared/contracts/schedules';
import { messages as frenchMessages } from '@punchclock/shared/locales/fr-CA/messages';
import MySchedulePage from './my-schedule-page';

vi.mock('@/lib/session', () => ({
  useSession: () => ({ timeZone: 'America/Toronto' }),
  useBusinessToday: () => '2026-11-25',
}));

const schedule: MyScheduleResponse = {
  today: '2026-11-25',
  entries: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      dateRangeStart: '2026-11-01',
      dateRangeEnd: '2026-11-30',
      template: {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Day template',
        workStart: '09:00',
        workEnd: '17:00',
        lunchStart: '12:00',
        lunchEnd: '12:30',
        breakDurationMins: 15,
        workingDays: [1, 2, 3, 4, 5],
      },
    },
  ],
  shifts: [
    {
      id: '00000000-0000-4000-8000-000000000003',
      date: '2026-11-25',
      startTime: '22:00',
      endTime: '06:00',
      lunchStart: '02:00',
      lunchEnd: '02:30',
      breakDurationMins: 15,
      position: 'Night porter',
      note: 'Keys at the front desk',
    },
    {
      id: '00000000-0000-4000-8000-000000000004',
      date: '2026-11-28',
      startTime: '10:00',
      endTime: '14:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 15,
      position: null,
      note: null,
    },
  ],
  timeOff: [],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('/api/my-schedule') ? schedule : { feeds: [], teams: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

async function renderWeek() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <MySchedulePage />
    </QueryClientProvider>,
  );
  await screen.findAllByTestId('roster-shift');
  const day = (date: string) =>
    container.querySelector(`[data-date="${date}"]`)?.textContent?.replace(/\s/g, ' ') ?? '';
  return day;
}

describe('MySchedulePage', () => {
  it('shows a published shift on its date in place of the template, with position and note', async () => {
    const day = await renderWeek();
    expect(day('2026-11-25')).toContain('Night porter');
    expect(day('2026-11-25')).toContain('Keys at the front desk');
    expect(day('2026-11-25')).toContain('(+1)');
    expect(day('2026-11-25')).not.toContain('Day template');
    expect(day('2026-11-24')).toContain('Day template');
    // Saturday is the template's day off; the published shift without a position says Shift.
    expect(day('2026-11-28')).toContain('Shift');
    expect(day('2026-11-28')).not.toContain('Day off');
    expect(day('2026-11-22')).toContain('Day off · Day template');
  });

  it('says it in French to a French reader', async () => {
    i18n.loadAndActivate({ locale: 'fr-CA', messages: frenchMessages });
    const day = await renderWeek();
    expect(day('2026-11-25')).toContain('Night porter');
    expect(day('2026-11-25')).toContain('Dîner');
    expect(day('2026-11-28')).toContain('Quart de travail');
    expect(day('2026-11-22')).toContain('Jour de repos · Day template');
  });
});
