import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimesheetWithSignOff } from '@punchclock/shared/contracts/timesheets';
import { SignOffPanel } from './sign-off-panel';

const zero = { workedMinutes: 0, regularMinutes: 0, overtime: {} };

function sheetWith(signOff: Partial<TimesheetWithSignOff['signOff']>): TimesheetWithSignOff {
  return {
    period: { start: '2026-06-07', end: '2026-06-20' },
    person: { id: '00000000-0000-4000-8000-000000000001', name: 'Wanda Worker' },
    days: [],
    weeks: [],
    totals: {
      ...zero,
      workedMinutes: 600,
      regularMinutes: 600,
      breakMinutes: 0,
      lunchMinutes: 0,
      paidLeaveMinutes: 0,
      unpaidLeaveMinutes: 0,
    },
    findings: [],
    payLines: [],
    vacationPay: null,
    signOff: {
      status: 'not_submitted',
      comment: null,
      submittedAt: null,
      decidedAt: null,
      decidedByName: null,
      changedSinceSubmission: false,
      locked: false,
      canSubmit: true,
      canWithdraw: false,
      ...signOff,
    },
  };
}

function renderPanel(sheet: TimesheetWithSignOff) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SignOffPanel sheet={sheet} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignOffPanel', () => {
  it('shows a returned timesheet with the approver and comment, and offers to submit again', () => {
    renderPanel(
      sheetWith({
        status: 'returned',
        comment: 'Tuesday has no lunch',
        decidedByName: 'Lee Lead',
      }),
    );
    expect(screen.getByTestId('timesheet-sign-off-status').textContent).toBe('Returned');
    expect(screen.getByText(/^Returned by Lee Lead/)).toBeTruthy();
    expect(screen.getByTestId('timesheet-sign-off-comment').textContent).toBe(
      '“Tuesday has no lunch”',
    );
    expect(screen.getByRole('button', { name: 'Submit timesheet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('submits only once the hours are confirmed, for the shown period', async () => {
    const fetch = vi.fn(async () =>
      Response.json(sheetWith({ status: 'submitted', canSubmit: false, canWithdraw: true })),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderPanel(sheetWith({}));

    await user.click(screen.getByRole('button', { name: 'Submit timesheet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Confirm that these hours are complete and correct',
    );
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('I confirm these hours are complete and correct'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/timesheets/submit');
    expect(JSON.parse(init.body as string)).toEqual({ date: '2026-06-07', confirm: true });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('says when the period can be submitted, and offers nothing before', () => {
    renderPanel(sheetWith({ canSubmit: false }));
    expect(screen.getByText("You can submit from the period's last day, 2026-06-20.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit timesheet' })).toBeNull();
  });
});
