import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DayDetail } from '@punchclock/shared/contracts/reports';
import { statusLabel } from './day-detail-dialog';
import { DayTimeline } from './day-timeline';
import { Percent } from './percent';
import { defaultRange } from './report-filters';

describe('Percent', () => {
  it('shows one decimal', () => {
    render(<Percent value={95.345} />);
    expect(screen.getByText('95.3%')).toBeTruthy();
  });

  it('shows a word, never 0 %, when there is nothing to score', () => {
    const { container } = render(<Percent value={null} empty="No shifts" />);
    expect(container.textContent).toBe('No shifts');
    render(<Percent value={null} />);
    expect(screen.getByText('n/a')).toBeTruthy();
  });

  it('marks a value below the target, and only then', () => {
    render(<Percent value={79.9} target={80} />);
    render(<Percent value={80} target={80} />);
    expect(screen.getByText('79.9%').className).toContain('text-destructive');
    expect(screen.getByText('80.0%').className).not.toContain('text-destructive');
  });
});

describe('statusLabel', () => {
  it('names known statuses and passes unknown codes through', () => {
    expect(statusLabel('excused')).toBe('Excused (time off)');
    expect(statusLabel('in_progress')).toBe('In progress');
    expect(statusLabel('something_new')).toBe('something_new');
  });
});

describe('defaultRange', () => {
  it('covers the 30 days before today, inclusive, for every team', () => {
    expect(defaultRange('2026-03-15')).toEqual({
      from: '2026-02-13',
      to: '2026-03-15',
      teamId: '',
    });
  });
});

function day(fields: Partial<DayDetail>): DayDetail {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    name: 'Ana Lima',
    date: '2026-11-24',
    status: 'complete',
    templateName: 'Day shift',
    plan: null,
    events: [],
    ...fields,
  } as DayDetail;
}

const punch = (eventType: string, occurredAt: string) => ({
  eventType,
  occurredAt,
  isUnreviewed: false,
  origin: null,
});

describe('DayTimeline', () => {
  it('says so when there is neither a plan nor a punch', () => {
    render(<DayTimeline day={day({})} timeZone="America/Toronto" />);
    expect(screen.getByText('No plan and no punches.')).toBeTruthy();
  });

  it('draws one segment per state until the next punch, none after clocking out', () => {
    render(
      <DayTimeline
        timeZone="America/Toronto"
        day={day({
          plan: {
            start: '2026-11-24T14:00:00.000Z',
            end: '2026-11-24T22:00:00.000Z',
            lunchStart: '2026-11-24T17:00:00.000Z',
            lunchEnd: '2026-11-24T17:30:00.000Z',
            breakAllowanceMinutes: 15,
          },
          events: [
            punch('clock_in', '2026-11-24T14:00:00.000Z'),
            punch('lunch', '2026-11-24T17:00:00.000Z'),
            punch('clock_in', '2026-11-24T17:30:00.000Z'),
            punch('clock_out', '2026-11-24T22:00:00.000Z'),
          ],
        })}
      />,
    );
    const segments = [...screen.getByTestId('actual-bar').children] as HTMLElement[];
    expect(segments.map((segment) => segment.title.replace(/\s/g, ' '))).toEqual([
      'Working 9:00 AM–12:00 PM',
      'Lunch 12:00 PM–12:30 PM',
      'Working 12:30 PM–5:00 PM',
    ]);
    // The axis runs from 8:00 to 18:00 (half an hour of margin, rounded to the hour): the shift
    // starts a tenth of the way along and lasts eight tenths of it.
    const [shift, lunch] = [...screen.getByTestId('scheduled-bar').children] as HTMLElement[];
    expect(shift?.style.left).toBe('10%');
    expect(shift?.style.width).toBe('80%');
    expect(lunch?.title).toBe('Lunch');
  });

  it('draws a day still open to the end of the axis', () => {
    render(
      <DayTimeline
        timeZone="America/Toronto"
        day={day({ events: [punch('clock_in', '2026-11-24T14:00:00.000Z')] })}
      />,
    );
    const [segment] = [...screen.getByTestId('actual-bar').children] as HTMLElement[];
    expect(segment?.title.replace(/\s/g, ' ')).toBe('Working 9:00 AM–10:00 AM');
    expect(segment?.style.left).toBe('50%');
    expect(segment?.style.width).toBe('50%');
  });
});
