import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FillTemplateDialog } from './components/fill-template-dialog';
import { RosterSettingsDialog } from './components/roster-settings-dialog';
import { ANA, TEAM, TEMPLATE, WEEK } from './roster-test-data';

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[] = [];

const SETTINGS = {
  teams: [{ teamId: TEAM, teamName: 'Front', autoApproveClaims: false, maxOffPerDay: null }],
  allotmentDays: [{ teamId: TEAM, date: '2026-12-24', maxOff: 1 }],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path, body });
  if (path.startsWith('/api/roster/settings') || path === '/api/roster/allotment-days')
    return json(SETTINGS);
  if (path === '/api/schedule-templates')
    return json({
      templates: [
        {
          id: TEMPLATE,
          name: 'Morning',
          workStart: '08:00',
          workEnd: '16:00',
          lunchStart: '12:00',
          lunchEnd: '12:30',
          breakDurationMins: 15,
          workingDays: [1, 2, 3, 4, 5],
          isArchived: false,
          assignmentCount: 2,
        },
      ],
    });
  if (path === '/api/roster/fill-from-template') return json({ created: 5, skipped: 0 }, 201);
  return json({ message: 'Not stubbed' }, 500);
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function withClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('RosterSettingsDialog', () => {
  it("saves a team's claim approval and daily allotment", async () => {
    const user = userEvent.setup();
    withClient(<RosterSettingsDialog onClose={() => {}} />);
    const team = await screen.findByRole('form', { name: 'Roster settings of Front' });
    await user.click(within(team).getByLabelText('Approve open-shift claims without a manager'));
    await user.type(within(team).getByLabelText('May be off on one day'), '3');
    await user.click(within(team).getByRole('button', { name: 'Save Front' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/roster/settings/${TEAM}`,
      body: { autoApproveClaims: true, maxOffPerDay: 3 },
    });
  });

  it('refuses a negative allotment before sending it', async () => {
    const user = userEvent.setup();
    withClient(<RosterSettingsDialog onClose={() => {}} />);
    const team = await screen.findByRole('form', { name: 'Roster settings of Front' });
    await user.type(within(team).getByLabelText('May be off on one day'), '-1');
    await user.click(within(team).getByRole('button', { name: 'Save Front' }));
    expect(await within(team).findByText('Give a number from 0 to 999')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('lists allotment days, sets one, and removes one (null)', async () => {
    const user = userEvent.setup();
    withClient(<RosterSettingsDialog onClose={() => {}} />);
    const days = await screen.findByTestId('allotment-days');
    expect(days.textContent).toContain('Dec 24, 2026 · Front: 1 may be off');

    await user.type(screen.getByLabelText('Date'), '2026-12-31');
    await user.type(screen.getByLabelText('May be off'), '0');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      teamId: TEAM,
      date: '2026-12-31',
      maxOff: 0,
    });

    await user.click(
      screen.getByRole('button', { name: 'Remove the allotment of Front on Dec 24, 2026' }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({
      teamId: TEAM,
      date: '2026-12-24',
      maxOff: null,
    });
  });
});

describe('FillTemplateDialog', () => {
  it('asks for a template first', async () => {
    const user = userEvent.setup();
    withClient(<FillTemplateDialog data={WEEK} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Fill the week' }));
    expect(await screen.findByText('Choose a schedule template')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('fills the week for the people chosen, with a position', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    withClient(<FillTemplateDialog data={WEEK} onClose={onClose} />);
    const template = screen.getByLabelText('Template');
    await screen.findByRole('option', { name: /^Morning/ });
    await user.selectOptions(template, TEMPLATE);
    await user.click(screen.getByLabelText('Bo Chen'));
    await user.type(screen.getByLabelText('Position (optional)'), 'Stock');
    await user.click(screen.getByRole('button', { name: 'Fill the week' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/roster/fill-from-template',
      body: { templateId: TEMPLATE, weekStart: '2026-11-22', userIds: [ANA], position: 'Stock' },
    });
  });
});
