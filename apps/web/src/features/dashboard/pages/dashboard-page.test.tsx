import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import type { TodayResponse } from '@punchclock/shared/contracts/time-tracking';
import DashboardPage from './dashboard-page';

/*
 * The dashboard composes other features' cards; they are stood in for here so the test reads
 * what the page itself decides: the shift line, which links show, which limit the timer gets.
 */
const state = vi.hoisted(() => ({
  user: null as SessionUser | null,
  today: {} as Record<string, unknown>,
  leadsApprove: false,
  signOut: vi.fn(),
  timerLimit: undefined as number | null | undefined,
}));

vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: state.user, timeZone: 'America/Toronto' }),
}));
vi.mock('@/features/auth', () => ({ useSignOut: () => ({ mutate: state.signOut }) }));
vi.mock('@/features/approvals', () => ({
  approvalSettingsQueryOptions: {
    queryKey: ['approvals', 'settings'],
    queryFn: () => Promise.resolve({ teamLeadsApproveTheirTeam: state.leadsApprove }),
  },
}));
vi.mock('@/features/time-tracking', () => ({
  useTodayView: () => state.today,
  useRecordTimeEvent: () => ({ isPending: false, mutate: vi.fn() }),
  useBreakTimer: () => undefined,
  LiveTimerBanner: ({ limitMinutes }: { limitMinutes: number | null }) => {
    state.timerLimit = limitMinutes;
    return null;
  },
  TimeTrackerCard: () => null,
  TodaysActivityCard: () => null,
  TodaySummaryCard: () => null,
}));

function user(role: SessionUser['role']): SessionUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ana@example.com',
    name: 'Ana Lima',
    role,
    language: null,
  };
}

function today(
  todayShift: TodayResponse['todayShift'],
  timerState = 'clock_in',
  limits: Partial<TodayResponse> = {},
) {
  state.today = {
    query: {
      data: { todayShift, date: '2026-11-24', locationMode: 'off', ...limits },
      isPending: false,
      isError: false,
    },
    state: timerState,
    stateSince: null,
    events: [],
  };
}

const dayShift = {
  templateName: 'Day shift',
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: null,
  lunchEnd: null,
  isWorkingDay: true,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...rendered, client };
}

beforeEach(() => {
  state.user = user('employee');
  state.leadsApprove = false;
  state.signOut.mockClear();
  state.timerLimit = undefined;
  today(dayShift);
});

describe('DashboardPage', () => {
  it("says today's shift, a day off, or no schedule", () => {
    renderPage();
    expect(screen.getByTestId('today-shift').textContent).toMatch(
      /^Today: Day shift 9:00\sAM\s?–\s?5:00\sPM$/,
    );
    today({ ...dayShift, isWorkingDay: false });
    renderPage();
    expect(screen.getAllByTestId('today-shift')[1]?.textContent).toBe('Today: day off (Day shift)');
    today(null);
    renderPage();
    expect(screen.getAllByTestId('today-shift')[2]?.textContent).toBe('No schedule today');
  });

  it('shows nothing without a signed-in user', () => {
    state.user = null;
    const { container } = renderPage();
    expect(container.textContent).toBe('');
  });

  it('offers the Admin screen to admins only', () => {
    renderPage();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    state.user = user('admin');
    renderPage();
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('links team leads to Time Approvals only when admins let them approve', async () => {
    state.user = user('team_lead');
    state.leadsApprove = true;
    renderPage();
    expect((await screen.findByRole('link', { name: 'Approvals' })).getAttribute('href')).toBe(
      '/time-approvals',
    );
  });

  it('gives no Approvals link to a team lead who may not approve', async () => {
    state.user = user('team_lead');
    const { client } = renderPage();
    await waitFor(() =>
      expect(client.getQueryState(['approvals', 'settings'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('link', { name: 'Approvals' })).toBeNull();
  });

  it('times a break against the break limit, lunch against the lunch limit, work against none', () => {
    today(dayShift, 'break', { breakLimitMinutes: 20, lunchLimitMinutes: 45 });
    renderPage();
    expect(state.timerLimit).toBe(20);
    today(dayShift, 'lunch', { breakLimitMinutes: 20, lunchLimitMinutes: 45 });
    renderPage();
    expect(state.timerLimit).toBe(45);
    today(dayShift, 'clock_in');
    renderPage();
    expect(state.timerLimit).toBeNull();
  });

  it('falls back to 15 and 30 minutes when the day does not say', () => {
    today(dayShift, 'break');
    renderPage();
    expect(state.timerLimit).toBe(15);
  });

  it('signs out when asked, with the ordinary message', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(state.signOut).toHaveBeenCalledWith(undefined);
  });
});
