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

describe('ApprovalSummary', () => {
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
