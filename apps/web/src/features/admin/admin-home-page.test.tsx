import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview } from '@punchclock/shared/contracts/admin';
import { SCREENS } from '@punchclock/shared/domain/navigation';
import AdminHomePage from './admin-home-page';

const overview: AdminOverview = {
  today: '2026-11-24',
  counts: {
    working: 12,
    onBreak: 2,
    atLunch: 1,
    clockedOut: 3,
    notYetIn: 4,
    late: 2,
    overLimit: 0,
  },
  people: { active: 30, suspended: 1 },
  lateToday: [
    { userId: 'u1', name: 'Ana Lima', minutesLate: 12, stillOut: false },
    { userId: 'u2', name: 'Bo Chen', minutesLate: 25, stillOut: true },
  ],
  pendingApprovals: 5,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(overview), { status: 200 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminHomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The figure shown under a stat's label. */
function stat(label: string) {
  const section = screen.getByRole('region', { name: 'Right now' });
  return within(section).getByText(label).nextElementSibling as HTMLElement;
}

describe('AdminHomePage', () => {
  it('says which day it is about once the overview is read', async () => {
    renderPage();
    expect(await screen.findByText('Today at a glance · 2026-11-24.')).toBeTruthy();
  });

  it('colours a warning figure only when it is above zero', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Right now' });
    expect(stat('Late now').textContent).toBe('2');
    expect(stat('Late now').className).toContain('text-warning');
    expect(stat('Over break limit').className).not.toContain('text-destructive');
    expect(stat('Working').className).not.toContain('text-warning');
  });

  it('links the figures to where they are handled; clocked-out people go nowhere', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Right now' });
    expect(stat('Open approvals').closest('a')?.getAttribute('href')).toBe('/time-approvals');
    expect(stat('On break').closest('a')?.getAttribute('href')).toBe('/break-monitoring');
    expect(stat('Clocked out').closest('a')).toBeNull();
  });

  it('lists who was late, and says who is still not in', async () => {
    renderPage();
    const ana = await screen.findByText('Ana Lima');
    expect(ana.nextElementSibling?.textContent).toBe('12 min');
    expect(screen.getByText('Bo Chen').nextElementSibling?.textContent).toBe('25 min · not in yet');
  });

  it('links every admin-only screen but itself, each with an icon', () => {
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Admin screens' });
    const links = within(nav).getAllByRole('link');
    const expected = SCREENS.filter((entry) => entry.path !== '/admin' && 'requiredRole' in entry);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      expected.map((entry) => entry.path),
    );
    expect(links.every((link) => link.querySelector('svg') !== null)).toBe(true);
    expect(links.some((link) => link.getAttribute('href') === '/dashboard')).toBe(false);
  });
});
