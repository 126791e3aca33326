import type { RosterProjection, RosterResponse, Shift } from '@punchclock/shared/contracts/rosters';

/* A hand-made week (Sun Nov 22 – Sat Nov 28, 2026) for the board's tests. */

export const ANA = '00000000-0000-4000-8000-0000000000a1';
export const BO = '00000000-0000-4000-8000-0000000000b2';
export const TEAM = '00000000-0000-4000-8000-0000000000c3';
export const TEMPLATE = '00000000-0000-4000-8000-0000000000d4';

export function shift(fields: Partial<Shift>): Shift {
  return {
    id: crypto.randomUUID(),
    userId: ANA,
    userName: 'Ana Lima',
    teamId: TEAM,
    date: '2026-11-23',
    startTime: '09:00',
    endTime: '17:00',
    lunchStart: null,
    lunchEnd: null,
    breakDurationMins: 15,
    position: null,
    note: null,
    overrideReason: null,
    state: 'published',
    paidMinutes: 480,
    conflicts: [],
    ...fields,
  };
}

export const ANA_MONDAY = shift({
  id: '00000000-0000-4000-8000-000000000101',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  paidMinutes: 450,
  position: 'Cashier',
  state: 'draft',
  conflicts: [
    {
      code: 'unavailable',
      severity: 'blocking',
      isOverridable: true,
      message: 'Ana Lima said she is unavailable 8:00 AM–12:00 PM',
    },
    {
      code: 'position',
      severity: 'warning',
      isOverridable: false,
      message: 'Ana Lima does not hold the position Cashier',
    },
  ],
});

/** Overnight, changed since published. */
export const BO_TUESDAY = shift({
  id: '00000000-0000-4000-8000-000000000102',
  userId: BO,
  userName: 'Bo Chen',
  date: '2026-11-24',
  startTime: '22:00',
  endTime: '06:00',
  state: 'changed',
});

export const OPEN_WEDNESDAY = shift({
  id: '00000000-0000-4000-8000-000000000103',
  userId: null,
  userName: null,
  date: '2026-11-25',
  startTime: '10:00',
  endTime: '14:00',
  paidMinutes: 240,
});

/** Deleted on the board, still published: no hours. */
export const BO_THURSDAY_DELETED = shift({
  id: '00000000-0000-4000-8000-000000000104',
  userId: BO,
  userName: 'Bo Chen',
  date: '2026-11-26',
  startTime: '09:00',
  endTime: '13:00',
  paidMinutes: 240,
  state: 'deleted',
});

export const WEEK: RosterResponse = {
  weekStart: '2026-11-22',
  days: [
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
  ],
  people: [
    {
      userId: ANA,
      name: 'Ana Lima',
      teamId: TEAM,
      teamName: 'Front',
      positions: ['Cashier'],
      availability: [
        {
          date: '2026-11-25',
          ranges: [
            { kind: 'available', startTime: '08:00', endTime: '18:00' },
            { kind: 'prefer_not', startTime: '18:00', endTime: '22:00' },
          ],
        },
      ],
      timeOff: [
        {
          date: '2026-11-27',
          status: 'approved',
          typeName: 'Vacation',
          startTime: null,
          endTime: null,
        },
      ],
    },
    {
      userId: BO,
      name: 'Bo Chen',
      teamId: TEAM,
      teamName: 'Front',
      positions: [],
      availability: [
        { date: '2026-11-23', ranges: [{ kind: 'unavailable', startTime: null, endTime: null }] },
      ],
      timeOff: [
        {
          date: '2026-11-28',
          status: 'pending',
          typeName: 'Personal',
          startTime: null,
          endTime: null,
        },
      ],
    },
  ],
  shifts: [ANA_MONDAY, BO_TUESDAY, OPEN_WEDNESDAY, BO_THURSDAY_DELETED],
  templateShifts: [
    {
      userId: ANA,
      date: '2026-11-24',
      templateId: TEMPLATE,
      templateName: 'Morning',
      startTime: '08:00',
      endTime: '16:00',
      paidMinutes: 450,
    },
  ],
  unpublishedCount: 3,
  teams: [{ id: TEAM, name: 'Front' }],
  positions: ['Cashier', 'Stock'],
  allotments: [],
};

export const PROJECTION: RosterProjection = {
  hasRates: true,
  people: [
    { userId: ANA, scheduledMinutes: 900, overtimeMinutes: 0, costCents: 20250 },
    { userId: BO, scheduledMinutes: 480, overtimeMinutes: 60, costCents: 15000 },
  ],
  days: WEEK.days.map((date) => ({
    date,
    scheduledMinutes: 0,
    costCents: date === '2026-11-23' ? 10125 : null,
  })),
};
