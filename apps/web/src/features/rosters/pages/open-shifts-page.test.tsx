import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShiftMarket, ShiftTrade, TradeShift } from '@punchclock/shared/contracts/rosters';
import { MemoryRouter } from 'react-router';
import OpenShiftsPage from './open-shifts-page';

const ME = '00000000-0000-4000-8000-000000000001';
const BEN = '00000000-0000-4000-8000-000000000002';
const CHLOE = '00000000-0000-4000-8000-000000000003';
const TEAM = '00000000-0000-4000-8000-0000000000f1';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function shift(id: number, date: string, fields: Partial<TradeShift> = {}): TradeShift {
  return {
    id: uuid(id),
    date,
    startTime: '09:00',
    endTime: '17:00',
    position: 'Cashier',
    teamId: TEAM,
    teamName: 'Front store',
    ...fields,
  };
}

function trade(id: number, fields: Partial<ShiftTrade>): ShiftTrade {
  return {
    id: uuid(id),
    kind: 'swap',
    status: 'offered',
    shift: shift(id + 100, '2026-12-08'),
    userId: ME,
    userName: 'Ana Lima',
    takerId: null,
    takerName: null,
    note: null,
    requestedAt: '2026-11-25T15:00:00.000Z',
    decidedByName: null,
    decidedAt: null,
    decisionComment: null,
    problems: [],
    ...fields,
  };
}

const OPEN = shift(10, '2026-12-05');
const OPEN_BLOCKED = shift(11, '2026-12-06', { startTime: '22:00', endTime: '06:00' });
const MINE_FREE = shift(20, '2026-12-10');
const MINE_OFFERED = shift(21, '2026-12-11');

const market = {
  openShifts: [
    { ...OPEN, problems: [] },
    { ...OPEN_BLOCKED, problems: ['Only 7 h 30 min off before this shift (8 h needed)'] },
  ],
  offers: [
    trade(30, { userId: BEN, userName: 'Ben Ortiz', takerId: ME, note: 'Wedding' }),
    trade(31, {
      kind: 'drop',
      userId: CHLOE,
      userName: 'Chloé Roy',
      shift: shift(131, '2026-12-09'),
    }),
  ],
  myShifts: [MINE_FREE, MINE_OFFERED],
  mine: [
    trade(40, { shift: MINE_OFFERED, takerId: BEN, takerName: 'Ben Ortiz' }),
    trade(41, {
      kind: 'claim',
      status: 'rejected',
      shift: shift(141, '2026-12-02'),
      decidedByName: 'Dana Lead',
      decisionComment: 'Already covered',
    }),
  ],
  colleagues: [
    { id: BEN, name: 'Ben Ortiz' },
    { id: CHLOE, name: 'Chloé Roy' },
  ],
} satisfies ShiftMarket;

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** The answer to the next write: a trade, or a refusal. */
let nextWrite: () => Response;

const tradeAnswer = (fields: Partial<ShiftTrade> = {}) =>
  new Response(JSON.stringify({ trade: trade(99, fields) }), { status: 200 });

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url: String(input), body });
  if (method !== 'GET') return nextWrite();
  return new Response(JSON.stringify(market), { status: 200 });
});

beforeEach(() => {
  calls = [];
  nextWrite = () => tradeAnswer();
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
      <MemoryRouter>
        <OpenShiftsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('list', { name: 'Open shifts' });
}

const writes = () => calls.filter((call) => call.method !== 'GET');

describe('OpenShiftsPage: open shifts', () => {
  it('lists open shifts with day, times, position and team; says why one cannot be claimed', async () => {
    await renderPage();
    const [open, blocked] = screen.getAllByTestId('open-shift');
    expect(open?.textContent).toContain('Sat, Dec 5, 2026');
    expect(open?.textContent).toContain('9:00 AM–5:00 PM');
    expect(open?.textContent).toContain('Cashier · Front store');
    expect(blocked?.textContent).toContain('10:00 PM–6:00 AM (ends next day)');
    const claimBlocked = within(blocked!).getByRole('button', { name: /^Claim/ });
    expect((claimBlocked as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(blocked!).getByText('Only 7 h 30 min off before this shift (8 h needed)'),
    ).toBeTruthy();
    expect(claimBlocked.getAttribute('aria-describedby')).toBe(`problems-claim-${OPEN_BLOCKED.id}`);
  });

  it('claims an open shift with its id', async () => {
    await renderPage();
    nextWrite = () => tradeAnswer({ kind: 'claim', status: 'pending' });
    fireEvent.click(screen.getByRole('button', { name: 'Claim: Sat, Dec 5, 2026' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/shift-trades',
      body: { kind: 'claim', shiftId: OPEN.id, note: null },
    });
  });

  it("shows the server's refusal next to the shift it refused", async () => {
    await renderPage();
    nextWrite = () =>
      new Response(
        JSON.stringify({ message: 'You already work 8:00 AM–4:00 PM that day', code: 'conflict' }),
        { status: 409 },
      );
    fireEvent.click(screen.getByRole('button', { name: 'Claim: Sat, Dec 5, 2026' }));
    const [open] = screen.getAllByTestId('open-shift');
    expect((await within(open!).findByRole('alert')).textContent).toBe(
      'You already work 8:00 AM–4:00 PM that day',
    );
  });
});

describe('OpenShiftsPage: offers to me', () => {
  it('accepts a swap offered to me', async () => {
    await renderPage();
    const [swap] = screen.getAllByTestId('shift-offer');
    expect(swap?.textContent).toContain('Ben Ortiz asks you to take their shift');
    expect(swap?.textContent).toContain('“Wedding”');
    fireEvent.click(within(swap!).getByRole('button', { name: /^Accept/ }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: `/api/shift-trades/${uuid(30)}/accept`,
    });
  });

  it('declines a swap; a drop to the team can only be taken', async () => {
    await renderPage();
    const [swap, drop] = screen.getAllByTestId('shift-offer');
    expect(drop?.textContent).toContain('Chloé Roy gives this shift away to the team');
    expect(within(drop!).queryByRole('button', { name: /^Decline/ })).toBeNull();
    fireEvent.click(within(swap!).getByRole('button', { name: /^Decline/ }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: `/api/shift-trades/${uuid(30)}/decline`,
    });
  });

  it('shows where an offer I took stands, without Accept', async () => {
    market.offers.push(
      trade(32, {
        kind: 'drop',
        status: 'pending',
        userId: CHLOE,
        userName: 'Chloé Roy',
        takerId: ME,
      }),
    );
    try {
      await renderPage();
      const taken = screen.getAllByTestId('shift-offer')[2]!;
      expect(within(taken).getByText('Waiting for a manager')).toBeTruthy();
      expect(within(taken).queryByRole('button')).toBeNull();
    } finally {
      market.offers.pop();
    }
  });

  it('shows the refusal when taking an offer would break a rule', async () => {
    await renderPage();
    nextWrite = () =>
      new Response(JSON.stringify({ message: 'That week would reach 52 h (48 h at most)' }), {
        status: 409,
      });
    const [, drop] = screen.getAllByTestId('shift-offer');
    fireEvent.click(within(drop!).getByRole('button', { name: /^Accept/ }));
    expect((await within(drop!).findByRole('alert')).textContent).toBe(
      'That week would reach 52 h (48 h at most)',
    );
  });
});

describe('OpenShiftsPage: my shifts and my requests', () => {
  it('lists my trades with their status; only live ones can be withdrawn', async () => {
    await renderPage();
    const [offered, rejected] = screen.getAllByTestId('my-trade');
    expect(offered?.textContent).toContain('You offered your shift to Ben Ortiz');
    expect(within(offered!).getByText('Offered')).toBeTruthy();
    expect(within(rejected!).getByText('Rejected')).toBeTruthy();
    expect(rejected?.textContent).toContain('Dana Lead: “Already covered”');
    expect(within(rejected!).queryByRole('button')).toBeNull();

    fireEvent.click(within(offered!).getByRole('button', { name: 'Withdraw: Fri, Dec 11, 2026' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: `/api/shift-trades/${uuid(40)}/cancel`,
    });
  });

  it('offers a shift only once: one already offered shows where it stands', async () => {
    await renderPage();
    const [free, offered] = screen.getAllByTestId('my-shift');
    expect(within(free!).getByRole('button', { name: /^Offer to a colleague/ })).toBeTruthy();
    expect(within(offered!).queryByRole('button')).toBeNull();
    expect(within(offered!).getByText('Offered')).toBeTruthy();
  });

  it('offers a shift to a named colleague, with a note; asks for the colleague first', async () => {
    await renderPage();
    fireEvent.click(
      screen.getByRole('button', { name: 'Offer to a colleague: Thu, Dec 10, 2026' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a colleague');
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Colleague'), { target: { value: BEN } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Dentist' },
    });
    nextWrite = () =>
      new Response(JSON.stringify({ message: 'Ben Ortiz is on approved time off that day' }), {
        status: 409,
      });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ben Ortiz is on approved time off that day',
    );
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/shift-trades',
      body: { kind: 'swap', shiftId: MINE_FREE.id, colleagueId: BEN, note: 'Dentist' },
    });
  });

  it('gives a shift away to the team', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Give away: Thu, Dec 10, 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Colleague')).toBeNull();
    nextWrite = () => tradeAnswer({ kind: 'drop' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give away' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/shift-trades',
      body: { kind: 'drop', shiftId: MINE_FREE.id, note: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
