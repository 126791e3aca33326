import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalItem } from '@punchclock/shared/contracts/approvals';
import { ApprovalSummary, describeApproval } from './approval-row';

const TORONTO = 'America/Toronto';
const decision = { decidedByName: null, decidedAt: null, decisionComment: null };

function correction(
  fields: Partial<Extract<ApprovalItem, { type: 'correction' }>['request']>,
): ApprovalItem {
  return {
    type: 'correction',
    request: {
      id: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      userName: 'Ana Lima',
      date: '2026-11-24',
      kind: 'add',
      targetEventId: null,
      originalEventType: null,
      originalOccurredAt: null,
      eventType: 'clock_in',
      occurredAt: '2026-11-24T14:05:00.000Z',
      reason: 'Forgot my badge',
      status: 'pending',
      requestedAt: '2026-11-25T15:00:00.000Z',
      ...decision,
      ...fields,
    },
  };
}

const latePunch: ApprovalItem = {
  type: 'late_punch',
  request: {
    id: '00000000-0000-4000-8000-000000000003',
    userId: '00000000-0000-4000-8000-000000000002',
    userName: 'Ana Lima',
    date: '2026-11-24',
    timeEventId: '00000000-0000-4000-8000-000000000004',
    eventType: 'clock_out',
    occurredAt: '2026-11-24T22:00:00.000Z',
    requestedAt: '2026-11-25T01:10:00.000Z',
    minutesLate: 190,
    status: 'approved',
    ...decision,
  },
};

const timeOff: ApprovalItem = {
  type: 'time_off',
  request: {
    id: '00000000-0000-4000-8000-000000000005',
    userId: '00000000-0000-4000-8000-000000000002',
    userName: 'Ana Lima',
    typeId: '00000000-0000-4000-8000-000000000006',
    typeName: 'Vacation',
    isPaid: true,
    startDate: '2026-12-17',
    endDate: '2026-12-19',
    startTime: null,
    endTime: null,
    daysX100: 300,
    note: null,
    status: 'pending',
    requestedAt: '2026-11-25T15:00:00.000Z',
    ...decision,
  },
};

function shiftTrade(
  fields: Partial<Extract<ApprovalItem, { type: 'shift_trade' }>['request']>,
): ApprovalItem {
  return {
    type: 'shift_trade',
    request: {
      id: '00000000-0000-4000-8000-000000000007',
      kind: 'swap',
      status: 'pending',
      shift: {
        id: '00000000-0000-4000-8000-000000000008',
        date: '2026-12-24',
        startTime: '22:00',
        endTime: '06:00',
        position: 'Cashier',
        teamId: '00000000-0000-4000-8000-000000000009',
        teamName: 'Front store',
      },
      userId: '00000000-0000-4000-8000-000000000002',
      userName: 'Ana Lima',
      takerId: '00000000-0000-4000-8000-00000000000a',
      takerName: 'Ben Ortiz',
      note: 'Family dinner',
      requestedAt: '2026-11-25T15:00:00.000Z',
      problems: [],
      ...decision,
      ...fields,
    },
  };
}

describe('describeApproval', () => {
  it('says which punch a correction adds, at the business time of day', () => {
    const text = describeApproval(correction({}), TORONTO);
    expect(text).toMatch(/^Add a missed clock-in at 9:05\sAM on Nov 24, 2026$/);
  });

  it('gives both times of a moved punch, and the original type', () => {
    const text = describeApproval(
      correction({
        kind: 'move',
        eventType: null,
        originalEventType: 'lunch',
        originalOccurredAt: '2026-11-24T17:00:00.000Z',
        occurredAt: '2026-11-24T17:30:00.000Z',
      }),
      TORONTO,
    );
    expect(text).toMatch(/^Move lunch on .* from 12:00\sPM to 12:30\sPM$/);
  });

  it('names a removed punch by what it was', () => {
    const text = describeApproval(
      correction({
        kind: 'remove',
        eventType: null,
        occurredAt: null,
        originalEventType: 'break',
        originalOccurredAt: '2026-11-24T16:00:00.000Z',
      }),
      TORONTO,
    );
    expect(text).toMatch(/^Remove break at 11:00\sAM on /);
  });

  it('says how late a late punch arrived, in hours and minutes', () => {
    expect(describeApproval(latePunch, TORONTO)).toMatch(
      /^clock-out at 5:00\sPM on .*, recorded 3 h 10 min later$/,
    );
  });

  it('gives the leave type, the dates and the number of days', () => {
    expect(describeApproval(timeOff, TORONTO)).toMatch(
      /^Vacation: Dec 17\s?–\s?19, 2026 \(3 days\)$/,
    );
  });
});

describe('describeApproval: shift trades', () => {
  it('names the colleague of a swap and the shift: day, times past midnight, position, team', () => {
    expect(describeApproval(shiftTrade({}), TORONTO)).toMatch(
      /^Swaps their shift to Ben Ortiz: Thu, Dec 24, 2026, 10:00 PM–6:00 AM \(ends next day\) · Cashier · Front store$/,
    );
  });

  it('says a claim is for an open shift, and who took a dropped one', () => {
    const claim = shiftTrade({ kind: 'claim', takerId: null, takerName: null });
    expect(describeApproval(claim, TORONTO)).toMatch(/^Claims an open shift: Thu, Dec 24, 2026/);
    const drop = shiftTrade({ kind: 'drop', shift: { ...shiftOf(claim), position: null } });
    expect(describeApproval(drop, TORONTO)).toMatch(
      /^Gives their shift away, Ben Ortiz takes it: Thu, Dec 24, 2026, 10:00 PM–6:00 AM \(ends next day\) · Front store$/,
    );
  });
});

function shiftOf(item: ApprovalItem) {
  if (item.type !== 'shift_trade') throw new Error('not a shift trade');
  return item.request.shift;
}

describe('ApprovalSummary', () => {
  it('shows a shift trade with its note and what it would break now', () => {
    render(
      <ApprovalSummary
        item={shiftTrade({ problems: ['Ben Ortiz would have only 7 h off before this shift'] })}
        timeZone={TORONTO}
      />,
    );
    expect(screen.getByText('Shift trade')).toBeTruthy();
    expect(screen.getByTestId('trade-problems').textContent).toBe(
      'Would break: Ben Ortiz would have only 7 h off before this shift',
    );
    expect(screen.getByText(/^Note: Family dinner · asked Nov 25, 2026/)).toBeTruthy();
  });

  it('marks a decided shift trade and no longer lists its problems', () => {
    render(
      <ApprovalSummary
        item={shiftTrade({ status: 'approved', problems: ['stale'] })}
        timeZone={TORONTO}
      />,
    );
    expect(screen.getByText('approved')).toBeTruthy();
    expect(screen.queryByTestId('trade-problems')).toBeNull();
  });

  it("tells the approver of time off on days the team's allotment is already used up", () => {
    const item: ApprovalItem = {
      type: 'time_off',
      request: {
        ...(timeOff.request as Extract<ApprovalItem, { type: 'time_off' }>['request']),
        overAllotment: [
          { date: '2026-12-24', maxOff: 3, offCount: 3 },
          { date: '2026-12-26', maxOff: 2, offCount: 4 },
        ],
      },
    };
    render(<ApprovalSummary item={item} timeZone={TORONTO} />);
    expect(screen.getAllByTestId('over-allotment').map((line) => line.textContent)).toEqual([
      'Team allotment reached on Dec 24: 3 of 3 already off',
      'Team allotment reached on Dec 26: 4 of 2 already off',
    ]);
  });

  it('shows no allotment line for time off within the allotment', () => {
    render(<ApprovalSummary item={timeOff} timeZone={TORONTO} />);
    expect(screen.queryByTestId('over-allotment')).toBeNull();
  });

  it('shows who asked, the type, the reason and when it was asked; no badge while pending', () => {
    render(<ApprovalSummary item={correction({})} timeZone={TORONTO} />);
    expect(screen.getByText('Ana Lima')).toBeTruthy();
    expect(screen.getByText('Correction')).toBeTruthy();
    expect(screen.queryByText('pending')).toBeNull();
    expect(screen.getByText(/Reason: Forgot my badge · asked Nov 25, 2026/)).toBeTruthy();
  });

  it('marks a decided item and says a late punch arrived rather than was asked', () => {
    render(<ApprovalSummary item={latePunch} timeZone={TORONTO} />);
    expect(screen.getByText('approved')).toBeTruthy();
    expect(screen.getByText('Late punch')).toBeTruthy();
    expect(
      screen.getByText(/reject to leave it out of the day · arrived Nov 24, 2026/),
    ).toBeTruthy();
  });

  it('says when a time-off request has no note', () => {
    render(<ApprovalSummary item={timeOff} timeZone={TORONTO} />);
    expect(screen.getByText(/^No note · asked/)).toBeTruthy();
  });
});
