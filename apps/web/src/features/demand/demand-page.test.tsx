import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CoverageInterval,
  RequirementInterval,
  SolverRun,
} from '@punchclock/shared/contracts/demand';
import DemandPage from './pages/demand-page';

vi.mock('@/lib/session', () => ({
  useBusinessToday: () => '2026-11-25',
  useSession: () => ({ user: { role: 'admin' }, timeZone: 'America/Toronto' }),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const TEAM = '00000000-0000-4000-8000-0000000000c3';
const RUN = '00000000-0000-4000-8000-0000000000e5';
const WEEK = [
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
];

/** Toronto is UTC−5 in November: 09:00 is 14:00Z. */
function interval(date: string, time: string, fields: Partial<RequirementInterval> = {}) {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const startsAt = new Date(`${date}T00:00:00Z`);
  startsAt.setUTCHours(hours + 5, minutes);
  return {
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    startTime: time,
    required: null,
    source: null,
    contacts: null,
    ahtSeconds: null,
    agents: null,
    isUnreachable: false,
    ...fields,
  } satisfies RequirementInterval;
}

const REQUIREMENTS = {
  teamId: TEAM,
  position: '',
  weekStart: '2026-11-22',
  intervalMinutes: 30,
  positions: ['Cashier'],
  days: WEEK.map((date) => ({
    date,
    intervals: [
      interval(date, '09:00', date === '2026-11-23' ? { required: 3, source: 'typed' } : {}),
      interval(
        date,
        '09:30',
        date === '2026-11-23'
          ? {
              required: 12,
              source: 'computed',
              contacts: 400,
              ahtSeconds: 300,
              agents: 10,
              isUnreachable: true,
            }
          : {},
      ),
    ],
  })),
};

function coverageInterval(time: string, fields: Partial<CoverageInterval>): CoverageInterval {
  const base = interval('2026-11-25', time);
  return {
    startsAt: base.startsAt,
    endsAt: base.endsAt,
    startTime: time,
    required: 2,
    scheduled: 2,
    planned: 2,
    onClock: null,
    ...fields,
  };
}

const COVERAGE = {
  teamId: TEAM,
  position: '',
  date: '2026-11-25',
  intervalMinutes: 30,
  intervals: [
    coverageInterval('09:30', {}),
    coverageInterval('10:00', { required: 3, scheduled: 1 }),
    coverageInterval('10:30', { required: 2.5, scheduled: 1, planned: 1 }),
    coverageInterval('11:00', {}),
  ],
  scheduledShortfallHours: 1.75,
  onClockShortfallHours: null,
  // 07:00 in Toronto: every interval of the day is still ahead.
  asOf: '2026-11-25T12:00:00.000Z',
};

function run(fields: Partial<SolverRun>): SolverRun {
  return {
    id: RUN,
    teamId: TEAM,
    weekStart: '2026-11-22',
    status: 'queued',
    timeLimitSeconds: 45,
    progressPercent: 0,
    gap: null,
    result: null,
    error: null,
    createdAt: '2026-11-25T15:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...fields,
  };
}

const DONE = run({
  status: 'done',
  progressPercent: 100,
  gap: 0.004,
  result: {
    outcome: 'time_limit',
    shiftsAdded: 14,
    requiredHours: 200,
    coveredHours: 188,
    shortfallHours: 12,
    overHours: 3.5,
    coverage: 0.94,
    cost: {
      labour: 2500,
      overtime: 0,
      underCoverage: 600,
      overCoverage: 35,
      preferences: 10,
      total: 3145,
    },
    gap: 0.004,
    seconds: 44.2,
    people: 9,
    candidateShifts: 1200,
    parts: 1,
    notes: ['Bo Chen cannot reach their minimum hours'],
  },
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[] = [];
/** Answers by "METHOD /path"; a list is answered in turn, its last item repeated. */
let answers: Record<string, unknown[]> = {};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, body });
  const queue = answers[`${method} ${url.pathname}`];
  if (queue) return json(queue.length > 1 ? queue.shift() : queue[0]);
  if (url.pathname === '/api/teams')
    return json({
      teams: [{ id: TEAM, name: 'Front', leadUserId: null, leadName: null, memberCount: 3 }],
    });
  if (url.pathname === '/api/demand/requirements') return json(REQUIREMENTS);
  return json({ message: 'Not stubbed' }, 500);
});

beforeEach(() => {
  calls = [];
  answers = {};
  fetchMock.mockClear();
  toasts.success.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DemandPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByTestId('requirements-grid');
}

const sent = (method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).map((call) => call.body);

describe('DemandPage, the requirements grid', () => {
  it('reads the Sunday-started week of the first team, heat-coloured, with sources in words', async () => {
    await renderPage();
    const read = calls.find((call) => call.path === '/api/demand/requirements');
    expect(read).toBeTruthy();
    expect(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('requirements'))?.[0]),
    ).toContain(`teamId=${TEAM}`);
    expect(screen.getByTestId('demand-week').textContent).toBe('Nov 22 – 28, 2026');
    const computed = screen.getByLabelText('People needed, Mon, Nov 23 at 9:30 AM');
    expect((computed as HTMLInputElement).value).toBe('12');
    const note = document.getElementById(computed.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(
      'Computed from 400 contacts at 300 s each: 10 people before shrinkage. Unreachable: the service target cannot be met in this interval, so the figure is capped',
    );
  });

  it('saves every edited cell in one PUT (an emptied cell clears it), then forgets the edits', async () => {
    const user = userEvent.setup();
    answers['PUT /api/demand/requirements'] = [REQUIREMENTS];
    await renderPage();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);

    const monday = screen.getByLabelText('People needed, Mon, Nov 23 at 9:00 AM');
    await user.clear(monday);
    const tuesday = screen.getByLabelText('People needed, Tue, Nov 24 at 9:30 AM');
    await user.type(tuesday, 'x');
    expect(tuesday.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save changes (2)' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.clear(tuesday);
    await user.type(tuesday, '4.5');
    await user.click(screen.getByRole('button', { name: 'Save changes (2)' }));

    await waitFor(() => expect(sent('PUT', '/api/demand/requirements')).toHaveLength(1));
    expect(sent('PUT', '/api/demand/requirements')[0]).toEqual({
      teamId: TEAM,
      position: '',
      cells: [
        { startsAt: '2026-11-23T14:00:00.000Z', required: null },
        { startsAt: '2026-11-24T14:30:00.000Z', required: 4.5 },
      ],
    });
    await screen.findByRole('button', { name: 'Save changes' });
    expect(toasts.success).toHaveBeenCalledWith('Saved 2 intervals');
  });

  it('shows one day at a time with a day picker on a phone', async () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const user = userEvent.setup();
    await renderPage();
    const grid = screen.getByTestId('requirements-grid');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Sun, Nov 22']);
    await user.click(screen.getByRole('button', { name: 'Mon Nov 23' }));
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Mon, Nov 23']);
  });
});

describe('DemandPage, import', () => {
  it('previews a file as a dry run and lists its problems by row and column; nothing to import', async () => {
    const user = userEvent.setup();
    answers['POST /api/demand/imports'] = [
      {
        kind: 'workload',
        dryRun: true,
        rows: 2,
        created: 0,
        updated: 0,
        unchanged: 0,
        firstDate: null,
        lastDate: null,
        problems: [
          { row: 2, column: 'time', message: '09:10 is not on the 30-minute grid' },
          { row: 3, column: null, message: 'The row has too few columns' },
        ],
      },
    ];
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Import' }));
    const file = new File(
      ['date,time,contacts,aht_seconds\n2026-11-23,09:10,4,300\n'],
      'week.csv',
      {
        type: 'text/csv',
      },
    );
    await user.upload(screen.getByLabelText('File'), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const problems = await screen.findByTestId('import-problems');
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RowColumnProblem',
      '2time09:10 is not on the 30-minute grid',
      '3–The row has too few columns',
    ]);
    const [body] = sent('POST', '/api/demand/imports') as Array<Record<string, unknown>>;
    expect(body).toMatchObject({
      teamId: TEAM,
      kind: 'workload',
      fileName: 'week.csv',
      dryRun: true,
    });
    expect(atob(String(body?.content))).toBe(
      'date,time,contacts,aht_seconds\n2026-11-23,09:10,4,300\n',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });

  it('offers a CSV template for each kind', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Import' }));
    const link = screen.getByRole('link', { name: 'Workload template (CSV)' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain(
      'date,time,contacts,aht_seconds,position\r\n2026-11-22,09:00,42,300,',
    );
  });
});

describe('DemandPage, auto-fill', () => {
  it('starts a run, shows its progress while it runs, then its result and a link to the roster', async () => {
    const user = userEvent.setup();
    answers['GET /api/demand/solver-runs'] = [{ runs: [] }];
    answers['POST /api/demand/solver-runs'] = [{ run: run({ timeLimitSeconds: 45 }) }];
    answers[`GET /api/demand/solver-runs/${RUN}`] = [
      { run: run({ status: 'running', progressPercent: 40, gap: 0.05 }) },
      { run: DONE },
    ];
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Auto-fill' }));
    const limit = screen.getByLabelText('Time limit (seconds)');
    await user.clear(limit);
    await user.type(limit, '45');
    await user.click(screen.getByRole('button', { name: 'Auto-fill week' }));

    expect(sent('POST', '/api/demand/solver-runs')).toEqual([
      { teamId: TEAM, weekStart: '2026-11-22', timeLimitSeconds: 45 },
    ]);
    const progress = await screen.findByRole('progressbar', { name: 'Auto-fill progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
    expect(progress.getAttribute('aria-valuetext')).toBe('40%, gap 5%');
    expect(screen.getByRole('button', { name: 'Stop auto-fill' })).toBeTruthy();

    const result = await screen.findByTestId('autofill-result', {}, { timeout: 3000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    const facts = Object.fromEntries(
      within(result)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Coverage: '94%',
      'Short of the requirement': '12 person-hours',
      'Shifts added as drafts': '14',
      'Optimality gap': '0.4%',
      'Total cost': '$3,145.00',
    });
    expect(within(result).getByText('Bo Chen cannot reach their minimum hours')).toBeTruthy();
    expect(
      within(result).getByRole('link', { name: 'Review on the roster' }).getAttribute('href'),
    ).toBe(`/roster?week=2026-11-22&team=${TEAM}`);
  });
});

describe('DemandPage, coverage', () => {
  it('posts a gap as open shifts from its dialog, with what the planner changed', async () => {
    const user = userEvent.setup();
    answers['GET /api/demand/coverage'] = [COVERAGE];
    answers['POST /api/demand/coverage/open-shifts'] = [
      { shiftIds: [RUN, TEAM, '00000000-0000-4000-8000-0000000000f6'] },
    ];
    await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Coverage' }));
    const table = await screen.findByTestId('coverage-table');
    expect(within(table).getAllByRole('row')[2]?.textContent).toBe('10:00 AM312–2');

    // Selecting intervals in the table picks the same range the chart would.
    await user.click(screen.getByLabelText('Select 10:00 AM'));
    await user.click(screen.getByLabelText('Select 10:30 AM'));
    expect(screen.getByText('Selected 10:00 AM–11:00 AM: short up to 2.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post selection as open shift' }));

    const dialog = await screen.findByRole('dialog', { name: 'Post as open shift' });
    expect((within(dialog).getByLabelText('Starts') as HTMLInputElement).value).toBe('10:00');
    expect((within(dialog).getByLabelText('Ends') as HTMLInputElement).value).toBe('11:00');
    const count = within(dialog).getByLabelText('Number of shifts');
    expect((count as HTMLInputElement).value).toBe('2');
    await user.clear(count);
    await user.type(count, '3');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Cashier');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Lunch rush');
    await user.click(within(dialog).getByRole('button', { name: 'Post open shifts' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', '/api/demand/coverage/open-shifts')).toEqual([
      {
        teamId: TEAM,
        date: '2026-11-25',
        startTime: '10:00',
        endTime: '11:00',
        position: 'Cashier',
        count: 3,
        note: 'Lunch rush',
        // Made once per dialog: a retry of this post is answered with the same shifts.
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Posted 3 open shifts');
  });
});
