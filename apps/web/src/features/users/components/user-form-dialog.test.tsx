import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSummary } from '@punchclock/shared/contracts/users';
import { UserFormDialog } from './user-form-dialog';

const ANA: UserSummary = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  name: 'Ana Lima',
  role: 'employee',
  teamId: null,
  teamName: null,
  isSuspended: false,
  hireDate: null,
  ssoOnly: false,
  positions: ['Cashier'],
  minWeekMinutes: null,
  maxWeekMinutes: null,
  managerId: null,
  managerName: null,
  lastSignInAt: null,
  createdAt: '2026-01-05T14:00:00.000Z',
};

const puts: unknown[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input);
  if (init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as { positions: string[] };
    puts.push(body);
    return new Response(JSON.stringify({ user: { ...ANA, positions: body.positions } }));
  }
  if (path === '/api/teams') return new Response(JSON.stringify({ teams: [] }));
  return new Response(JSON.stringify({ message: 'Not stubbed' }), { status: 500 });
});

beforeEach(() => {
  puts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(user: UserSummary | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <UserFormDialog isOpen user={user} onClose={onClose} onLinkCreated={() => {}} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('UserFormDialog positions', () => {
  it("shows a person's positions and saves them as a list", async () => {
    const onClose = renderDialog(ANA);
    const field = await screen.findByLabelText('Positions (optional)');
    expect((field as HTMLInputElement).value).toBe('Cashier');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, ' Cashier, Stock ,, Cashier');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[0]).toMatchObject({ positions: ['Cashier', 'Stock'] });
  });

  it('refuses a position over 60 characters, under the field', async () => {
    renderDialog(ANA);
    const field = await screen.findByLabelText('Positions (optional)');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Keep the position under 60 characters')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it('has no positions field when adding a person', () => {
    renderDialog(null);
    expect(screen.queryByLabelText('Positions (optional)')).toBeNull();
  });
});

describe('UserFormDialog weekly hours', () => {
  it('sends hours as minutes, empty as the team’s setting', async () => {
    const onClose = renderDialog({ ...ANA, maxWeekMinutes: 1500 });
    const max = await screen.findByLabelText('Maximum hours a week (optional)');
    expect((max as HTMLInputElement).value).toBe('25');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Minimum hours a week (optional)'), '7,5');
    await user.clear(max);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[0]).toMatchObject({ minWeekMinutes: 450, maxWeekMinutes: null });
  });

  it('refuses a minimum above the maximum, under the field', async () => {
    renderDialog(ANA);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Minimum hours a week (optional)'), '30');
    await user.type(screen.getByLabelText('Maximum hours a week (optional)'), '20');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The minimum hours a week must not be above the maximum'),
    ).toBeTruthy();
    expect(puts).toHaveLength(0);
  });
});
