import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RosterPage from './pages/roster-page';
import { ANA, ANA_MONDAY, BO, OPEN_WEDNESDAY, PROJECTION, TEAM, WEEK } from './roster-test-data';

const session = vi.hoisted(() => ({ role: 'admin' as 'admin' | 'team_lead' }));
vi.mock('@/lib/session', () => ({
  useBusinessToday: () => '2026-11-25',
  useSession: () => ({ user: { role: session.role }, timeZone: 'America/Toronto' }),
}));

const REFUSAL =
  'Nothing was published. Fix these shifts first, or give a reason to let a rule pass where one may: Ana Lima on Nov 23, 2026: Ana Lima said she is unavailable 8:00 AM–12:00 PM.';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[] = [];
/** Answers for calls other than the board's reads, by "METHOD /path". */
let answers: Record<string, () => Response> = {};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, body });
  const answer = answers[`${method} ${url.pathname}`];
  if (answer) return answer();
  if (url.pathname === '/api/roster') return json(WEEK);
  if (url.pathname === '/api/roster/projection') return json(PROJECTION);
  return json({ message: 'Not stubbed' }, 500);
});

/** Pretends the screen is a desktop (the grid) or a phone (the day list). */
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

beforeEach(() => {
  session.role = 'admin';
  calls = [];
  answers = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setWide(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RosterPage />
    </QueryClientProvider>,
  );
  await screen.findByRole('region', { name: /^Roster, week of/ });
}

function row(name: string) {
  const rows = screen.getAllByTestId('roster-row');
  const found = rows.find((item) =>
    within(item).queryByRole('rowheader', { name: new RegExp(name) }),
  );
  if (!found) throw new Error(`no row ${name}`);
  return found;
}

/** The cell of a row on a date. */
function cell(name: string, date: string) {
  const found = within(row(name))
    .getAllByTestId('roster-cell')
    .find((item) => item.dataset.date === date);
  if (!found) throw new Error(`no cell ${name} ${date}`);
  return found;
}

describe('RosterPage, the week grid', () => {
  it('asks for the Sunday-started week of today and shows people, then open shifts', async () => {
    await renderPage();
    expect(calls.find((call) => call.path === '/api/roster')).toBeTruthy();
    const read = fetchMock.mock.calls[0]?.[0];
    expect(String(read)).toContain('weekStart=2026-11-22');
    expect(screen.getByTestId('roster-week').textContent).toBe('Nov 22 – 28, 2026');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Person',
      'Sun, Nov 22',
      'Mon, Nov 23',
      'Tue, Nov 24',
      'Wed, Nov 25',
      'Thu, Nov 26',
      'Fri, Nov 27',
      'Sat, Nov 28',
      'Week',
    ]);
    expect(
      screen
        .getAllByTestId('roster-row')
        .map((item) => within(item).getByRole('rowheader').textContent),
    ).toEqual(['Ana LimaFrontCashier', 'Bo ChenFront', 'Open shifts']);
  });

  it('opens the week and team a link names (Demand Planning’s "Review on the roster")', async () => {
    window.history.pushState({}, '', `/roster?week=2026-12-02&team=${TEAM}`);
    try {
      await renderPage();
      const read = String(fetchMock.mock.calls[0]?.[0]);
      expect(read).toContain('weekStart=2026-11-29');
      expect(read).toContain(`teamId=${TEAM}`);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('shows each shift with its hours, position and state; a template shift as from its template', async () => {
    await renderPage();
    const monday = cell('Ana Lima', '2026-11-23');
    expect(within(monday).getByText('9:00 AM–5:00 PM')).toBeTruthy();
    expect(within(monday).getByText('Cashier')).toBeTruthy();
    expect(within(monday).getByText('Draft')).toBeTruthy();

    const overnight = cell('Bo Chen', '2026-11-24');
    expect(within(overnight).getByText('10:00 PM–6:00 AM (+1)')).toBeTruthy();
    expect(within(overnight).getByText('Changed')).toBeTruthy();

    const deleted = cell('Bo Chen', '2026-11-26');
    expect(within(deleted).getByText('Deleted')).toBeTruthy();
    expect(within(deleted).getByText('Goes away at the next publish')).toBeTruthy();
    // A deleted shift leaves the day free for another.
    expect(
      within(deleted).getByRole('button', { name: 'Add a shift for Bo Chen on Thu, Nov 26' }),
    ).toBeTruthy();

    const template = within(cell('Ana Lima', '2026-11-24')).getByTestId('roster-template-shift');
    expect(template.textContent).toBe('8:00 AM–4:00 PMfrom template Morning');

    expect(within(cell('Open shifts', '2026-11-25')).getByText('10:00 AM–2:00 PM')).toBeTruthy();
    // A published, unchanged shift has no state badge.
    expect(within(cell('Open shifts', '2026-11-25')).queryByText('Published')).toBeNull();
  });

  it('says the conflicts in words behind a disclosure keyboards reach, not by colour alone', async () => {
    await renderPage();
    const conflicts = within(cell('Ana Lima', '2026-11-23')).getByTestId('shift-conflicts');
    const summary = conflicts.querySelector('summary');
    expect(summary?.textContent).toBe('Conflicts: 1 blocking, 1 warning');
    expect(
      within(conflicts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Blocks publishing: Ana Lima said she is unavailable 8:00 AM–12:00 PM',
      'Warning: Ana Lima does not hold the position Cashier',
    ]);
  });

  it('marks time off and availability in words', async () => {
    await renderPage();
    expect(within(cell('Ana Lima', '2026-11-27')).getByText('Time off: Vacation')).toBeTruthy();
    expect(
      within(cell('Bo Chen', '2026-11-28')).getByText('Time off asked: Personal (pending)'),
    ).toBeTruthy();
    expect(within(cell('Bo Chen', '2026-11-23')).getByText('Unavailable all day')).toBeTruthy();
    expect(
      within(cell('Ana Lima', '2026-11-25')).getByText('Prefers not 6:00 PM–10:00 PM'),
    ).toBeTruthy();
  });

  it('totals hours per person and day, with projected overtime and cost', async () => {
    await renderPage();
    await waitFor(() =>
      expect(within(row('Bo Chen')).getByTestId('roster-person-total').textContent).toBe(
        '8hOvertime 1h$150.00',
      ),
    );
    expect(within(row('Ana Lima')).getByTestId('roster-person-total').textContent).toBe(
      '15h$202.50',
    );
    expect(within(row('Open shifts')).getByTestId('roster-person-total').textContent).toBe('4h');
    expect(screen.getAllByTestId('roster-day-total').map((total) => total.textContent)).toEqual([
      '0m',
      '7h 30m$101.25',
      '15h 30m',
      '4h',
      '0m',
      '0m',
      '0m',
    ]);
    expect(screen.getByTestId('roster-week-total').textContent).toBe('27h');
  });

  it('says no cost is shown when no hourly rates exist', async () => {
    answers['GET /api/roster/projection'] = () =>
      json({
        hasRates: false,
        people: PROJECTION.people.map((person) => ({ ...person, costCents: null })),
        days: PROJECTION.days.map((day) => ({ ...day, costCents: null })),
      });
    await renderPage();
    expect(
      await screen.findByText('No hourly rates are set, so labour cost is not shown.'),
    ).toBeTruthy();
    expect(within(row('Bo Chen')).getByTestId('roster-person-total').textContent).toBe(
      '8hOvertime 1h',
    );
  });

  it('moves a shift from its menu with the keyboard: PUT with the new person and day', async () => {
    answers['PUT /api/roster/shifts/' + ANA_MONDAY.id] = () =>
      json({ shift: { ...ANA_MONDAY, userId: BO, userName: 'Bo Chen', date: '2026-11-25' } });
    const user = userEvent.setup();
    await renderPage();
    const trigger = screen.getByRole('button', {
      name: 'Shift actions: Ana Lima, Mon, Nov 23, 9:00 AM–5:00 PM',
    });
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move shift' });
    await user.selectOptions(within(dialog).getByLabelText('To person'), BO);
    await user.selectOptions(within(dialog).getByLabelText('To day'), '2026-11-25');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/roster/shifts/${ANA_MONDAY.id}`);
    expect(put?.body).toMatchObject({
      userId: BO,
      date: '2026-11-25',
      startTime: '09:00',
      endTime: '17:00',
      position: 'Cashier',
    });
  });

  it('copies a shift to the open row from its menu: POST a new draft with the team', async () => {
    answers['POST /api/roster/shifts'] = () => json({ shift: OPEN_WEDNESDAY }, 201);
    const user = userEvent.setup();
    await renderPage();
    screen
      .getByRole('button', { name: 'Shift actions: Ana Lima, Mon, Nov 23, 9:00 AM–5:00 PM' })
      .focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Copy to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy shift' });
    await user.selectOptions(within(dialog).getByLabelText('To person'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      userId: null,
      teamId: ANA_MONDAY.teamId,
      date: '2026-11-23',
    });
  });

  it('moves a shift dropped on another cell, and copies it when Ctrl is held', async () => {
    answers[`PUT /api/roster/shifts/${ANA_MONDAY.id}`] = () => json({ shift: ANA_MONDAY });
    answers['POST /api/roster/shifts'] = () => json({ shift: ANA_MONDAY }, 201);
    await renderPage();
    const dataTransfer = {
      types: ['application/x-punchclock-shift', 'text/plain'],
      getData: (type: string) => (type === 'application/x-punchclock-shift' ? ANA_MONDAY.id : ''),
      setData: () => {},
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    const wednesday = cell('Bo Chen', '2026-11-25').firstElementChild!;
    fireEvent.dragOver(wednesday, { dataTransfer });
    fireEvent.drop(wednesday, { dataTransfer });
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      userId: BO,
      date: '2026-11-25',
    });

    const sunday = cell('Ana Lima', '2026-11-22').firstElementChild!;
    // happy-dom's DragEvent drops ctrlKey from its init; a browser's has it.
    const drop = createEvent.drop(sunday, { dataTransfer });
    Object.defineProperty(drop, 'ctrlKey', { value: true });
    fireEvent(sunday, drop);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      userId: ANA,
      date: '2026-11-22',
      startTime: '09:00',
    });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('copies on drop while the Copy toggle is on', async () => {
    answers['POST /api/roster/shifts'] = () => json({ shift: ANA_MONDAY }, 201);
    const user = userEvent.setup();
    await renderPage();
    const toggle = screen.getByRole('button', { name: 'Copy when dragging' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const dataTransfer = {
      types: ['application/x-punchclock-shift'],
      getData: () => OPEN_WEDNESDAY.id,
      dropEffect: 'none',
    };
    fireEvent.drop(cell('Open shifts', '2026-11-26').firstElementChild!, { dataTransfer });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      userId: null,
      teamId: TEAM,
      date: '2026-11-26',
      startTime: '10:00',
    });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('deletes a shift from its menu after asking, with DELETE', async () => {
    answers[`DELETE /api/roster/shifts/${ANA_MONDAY.id}`] = () =>
      new Response(null, { status: 204 });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    await renderPage();
    screen
      .getByRole('button', { name: 'Shift actions: Ana Lima, Mon, Nov 23, 9:00 AM–5:00 PM' })
      .focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete this draft shift?');
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/roster/shifts/${ANA_MONDAY.id}`,
    );
  });

  it('shows why publishing was refused, in the server’s words', async () => {
    answers['POST /api/roster/publish'] = () =>
      json(
        {
          message: REFUSAL,
          code: 'roster_conflicts',
        },
        409,
      );
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Publish (3 unpublished)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the week of Sun, Nov 22' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe(REFUSAL);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ weekStart: '2026-11-22' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('steps to the next week and back to today', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/roster')).toBe(true));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('weekStart=2026-11-29')),
      ).toBe(true),
    );
    expect(screen.getByTestId('roster-week').textContent).toBe('Nov 29 – Dec 5, 2026');
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByTestId('roster-week').textContent).toBe('Nov 22 – 28, 2026');
  });
});

describe('RosterPage, the edit-shift dialog', () => {
  it('opens a shift from its hours, and saves the change with PUT', async () => {
    answers[`PUT /api/roster/shifts/${ANA_MONDAY.id}`] = () =>
      json({ shift: { ...ANA_MONDAY, endTime: '18:00', conflicts: [] } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      screen.getByRole('button', {
        name: 'Edit shift: Ana Lima, Mon, Nov 23, 9:00 AM–5:00 PM Cashier',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit shift' });
    // The conflicts are in the dialog, and the reason field since one may let them pass.
    expect(within(dialog).getByTestId('shift-dialog-conflicts').textContent).toContain(
      'Warning: Ana Lima does not hold the position Cashier',
    );
    const reason = within(dialog).getByLabelText('Override reason');
    await user.type(reason, 'Asked for it');
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '18:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      userId: ANA,
      date: '2026-11-23',
      startTime: '09:00',
      endTime: '18:00',
      lunchStart: '12:00',
      lunchEnd: '12:30',
      breakDurationMins: 15,
      position: 'Cashier',
      note: null,
      overrideReason: 'Asked for it',
    });
  });

  it('says a reason shorter than 3 characters is not one', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(
      screen.getByRole('button', {
        name: 'Edit shift: Ana Lima, Mon, Nov 23, 9:00 AM–5:00 PM Cashier',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit shift' });
    await user.type(within(dialog).getByLabelText('Override reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    expect(await within(dialog).findByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('RosterPage, the add-shift dialog', () => {
  async function openAdd(name: string) {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shift' });
    return { user, dialog };
  }

  it('starts from the cell’s person and day, and checks the shift before sending it', async () => {
    const { dialog } = await openAdd('Add a shift for Bo Chen on Mon, Nov 23');
    expect((within(dialog).getByLabelText('Person') as HTMLSelectElement).value).toBe(BO);
    expect((within(dialog).getByLabelText('Day') as HTMLSelectElement).value).toBe('2026-11-23');
    const form = within(dialog).getByRole('button', { name: 'Add shift' }).closest('form')!;

    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '09:00' } });
    fireEvent.submit(form);
    expect(
      await within(dialog).findByText('The shift must end at a different time than it starts'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '' } });
    fireEvent.submit(form);
    expect(await within(dialog).findByText('Start time must be a time like 09:00')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '08:00' } });
    fireEvent.change(within(dialog).getByLabelText('Lunch start (optional)'), {
      target: { value: '12:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Breaks (minutes, paid)'), {
      target: { value: '200' },
    });
    fireEvent.submit(form);
    expect(
      await within(dialog).findByText('Break length must be between 0 and 120 minutes'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks an open shift for its team', async () => {
    const { dialog } = await openAdd('Add an open shift on Thu, Nov 26');
    // One team planned: it is chosen already; clear it to see the rule.
    fireEvent.change(within(dialog).getByLabelText('Team'), { target: { value: '' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add shift' }).closest('form')!);
    expect(await within(dialog).findByText('Choose the team of the open shift')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('takes the template’s hours, posts the shift, and stays open for an override reason when one is needed', async () => {
    const saved = { ...ANA_MONDAY, id: crypto.randomUUID(), date: '2026-11-24', state: 'draft' };
    answers['POST /api/roster/shifts'] = () => json({ shift: saved }, 201);
    const { user, dialog } = await openAdd('Add a shift for Ana Lima on Tue, Nov 24');
    expect((within(dialog).getByLabelText('Start') as HTMLInputElement).value).toBe('08:00');
    expect((within(dialog).getByLabelText('End') as HTMLInputElement).value).toBe('16:00');
    expect(within(dialog).queryByLabelText('Override reason')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit shift' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      userId: ANA,
      date: '2026-11-24',
      startTime: '08:00',
      endTime: '16:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 15,
      position: null,
      note: null,
      overrideReason: null,
    });
    expect(within(edit).getByLabelText('Override reason')).toBeTruthy();
    expect(within(edit).getByTestId('shift-dialog-conflicts').textContent).toContain(
      'Blocks publishing: Ana Lima said she is unavailable',
    );
  });
});

describe('RosterPage on a phone', () => {
  it('lists one day’s shifts per person instead of the grid', async () => {
    setWide(false);
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RosterPage />
      </QueryClientProvider>,
    );
    // Today (Wednesday) first.
    const list = await screen.findByRole('region', { name: 'Shifts of Wed, Nov 25' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getAllByTestId('roster-day-list-row')).toHaveLength(3);
    expect(within(list).getByText('10:00 AM–2:00 PM')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mon Nov 23' }));
    const monday = screen.getByRole('region', { name: 'Shifts of Mon, Nov 23' });
    expect(within(monday).getByText('9:00 AM–5:00 PM')).toBeTruthy();
    expect(within(monday).getByText('Unavailable all day')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mon Nov 23' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});

// The team filter asks the server for that team only.
describe('RosterPage filters', () => {
  it('sends the team and position chosen', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(screen.getByLabelText('Team'), TEAM);
    await user.selectOptions(screen.getByLabelText('Position'), 'Stock');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input]) =>
            String(input).startsWith('/api/roster?') &&
            String(input).includes(`teamId=${TEAM}`) &&
            String(input).includes('position=Stock'),
        ),
      ).toBe(true),
    );
  });
});

describe('RosterPage for a team lead', () => {
  it('offers the board and publishing, not the roster settings (admins only)', async () => {
    session.role = 'team_lead';
    await renderPage();
    expect(screen.getByRole('button', { name: 'Publish (3 unpublished)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Roster settings' })).toBeNull();
  });
});

describe('RosterPage, the day view', () => {
  it('draws one day on a 24-hour line, each shift a button named by its hours', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Day view' }));
    await user.click(screen.getByRole('button', { name: 'Tue Nov 24' }));
    const day = screen.getByRole('region', { name: 'Hours of Tue, Nov 24' });
    expect(screen.queryByRole('table')).toBeNull();
    const bar = within(day).getByRole('button', {
      name: /^Edit shift: Bo Chen, Tue, Nov 24, 10:00 PM–6:00 AM\s\(\+1\)$/,
    });
    // 22:00 is 91.67% of the day; an overnight shift runs to the edge.
    expect(bar.style.left).toMatch(/^91\.66/);
    expect(within(day).getByText('8:00 AM–4:00 PM')).toBeTruthy();
    expect(within(day).getByText('15h 30m')).toBeTruthy();
    await user.click(within(day).getByRole('button', { name: 'Add an open shift on Tue, Nov 24' }));
    expect(await screen.findByRole('dialog', { name: 'Add a shift' })).toBeTruthy();
  });
});
