import { describe, expect, it } from 'vitest';
import {
  applyCorrections,
  fileAddedPunches,
  type CorrectablePunch,
  type Correction,
  type FilableCorrection,
} from './corrections.ts';

const DAY = '2026-11-18';

/** A raw punch as history and reports carry it (with a field corrections must keep). */
interface RawPunch extends CorrectablePunch {
  source: 'web' | 'offline_sync';
}

const IN: RawPunch = {
  id: '00000000-0000-4000-8000-000000000001',
  eventType: 'clock_in',
  occurredAt: '2026-11-18T14:00:00.000Z',
  date: DAY,
  source: 'web',
};
const BREAK: RawPunch = {
  id: '00000000-0000-4000-8000-000000000002',
  eventType: 'break',
  occurredAt: '2026-11-18T16:00:00.000Z',
  date: DAY,
  source: 'offline_sync',
};
const BACK: RawPunch = {
  id: '00000000-0000-4000-8000-000000000003',
  eventType: 'clock_in',
  occurredAt: '2026-11-18T16:15:00.000Z',
  date: DAY,
  source: 'web',
};
const RAW: readonly RawPunch[] = [IN, BREAK, BACK];

type Applied = Correction & { id: string };

const addOut: Applied = {
  id: 'c0000000-0000-4000-8000-000000000001',
  kind: 'add',
  eventType: 'clock_out',
  occurredAt: '2026-11-18T22:00:00.000Z',
  date: DAY,
};

/** Deep-frozen copies, so any write to the input throws instead of passing silently. */
function frozen<T extends object>(items: readonly T[]): readonly T[] {
  return Object.freeze(items.map((item) => Object.freeze({ ...item })));
}

const summary = (events: readonly CorrectablePunch[]) =>
  events.map((event) => `${event.eventType}@${event.occurredAt}`);

describe('applyCorrections', () => {
  it('leaves the day as it was, uncorrected, without corrections', () => {
    const result = applyCorrections(RAW, []);
    expect(result.isCorrected).toBe(false);
    expect(result.events).toEqual(RAW);
    expect(result.events).not.toBe(RAW);
  });

  it('adds a missed punch with the correction’s id, in time order', () => {
    const addBreak: Applied = {
      id: 'c0000000-0000-4000-8000-000000000002',
      kind: 'add',
      eventType: 'break',
      occurredAt: '2026-11-18T15:00:00.000Z',
      date: DAY,
    };
    const result = applyCorrections(RAW, [addBreak]);
    expect(result.isCorrected).toBe(true);
    expect(result.events).toEqual([
      IN,
      { id: addBreak.id, eventType: 'break', occurredAt: addBreak.occurredAt, date: DAY },
      BREAK,
      BACK,
    ]);
  });

  it('moves a punch to another time and re-sorts the day, keeping its other fields', () => {
    const move: Applied = {
      id: 'c0000000-0000-4000-8000-000000000003',
      kind: 'move',
      targetEventId: IN.id,
      occurredAt: '2026-11-18T16:30:00.000Z',
      date: DAY,
    };
    const result = applyCorrections(RAW, [move]);
    expect(result.isCorrected).toBe(true);
    expect(result.events.map((event) => event.id)).toEqual([BREAK.id, BACK.id, IN.id]);
    expect(result.events[2]).toEqual({ ...IN, occurredAt: '2026-11-18T16:30:00.000Z' });
  });

  it('moves a punch across midnight onto the date the correction gives', () => {
    const move: Applied = {
      id: 'c0000000-0000-4000-8000-000000000004',
      kind: 'move',
      targetEventId: BACK.id,
      occurredAt: '2026-11-19T05:30:00.000Z',
      date: '2026-11-19',
    };
    const moved = applyCorrections(RAW, [move]).events.find((event) => event.id === BACK.id);
    expect(moved).toEqual({ ...BACK, occurredAt: '2026-11-19T05:30:00.000Z', date: '2026-11-19' });
  });

  it('removes a mistaken punch and nothing else', () => {
    const remove: Applied = {
      id: 'c0000000-0000-4000-8000-000000000005',
      kind: 'remove',
      targetEventId: BREAK.id,
    };
    const result = applyCorrections(RAW, [remove]);
    expect(result.isCorrected).toBe(true);
    expect(result.events).toEqual([IN, BACK]);
  });

  it('counts as corrected even when a correction no longer matches any punch', () => {
    const result = applyCorrections(RAW, [
      { id: 'c0000000-0000-4000-8000-000000000006', kind: 'remove', targetEventId: 'gone' },
    ]);
    expect(result.events).toEqual(RAW);
    expect(result.isCorrected).toBe(true);
  });

  it('applies several corrections together, in the order given, and sorts the result', () => {
    const corrections: Applied[] = [
      {
        id: 'c0000000-0000-4000-8000-000000000007',
        kind: 'remove',
        targetEventId: BREAK.id,
      },
      {
        id: 'c0000000-0000-4000-8000-000000000008',
        kind: 'move',
        targetEventId: IN.id,
        occurredAt: '2026-11-18T13:55:00.000Z',
        date: DAY,
      },
      {
        id: 'c0000000-0000-4000-8000-000000000009',
        kind: 'add',
        eventType: 'break',
        occurredAt: '2026-11-18T16:05:00.000Z',
        date: DAY,
      },
      addOut,
      // A later move of an added punch (it carries the correction's id) applies to it too.
      {
        id: 'c0000000-0000-4000-8000-000000000010',
        kind: 'move',
        targetEventId: addOut.id,
        occurredAt: '2026-11-18T21:30:00.000Z',
        date: DAY,
      },
    ];
    const result = applyCorrections(RAW, corrections);
    expect(result.isCorrected).toBe(true);
    expect(summary(result.events)).toEqual([
      'clock_in@2026-11-18T13:55:00.000Z',
      'break@2026-11-18T16:05:00.000Z',
      'clock_in@2026-11-18T16:15:00.000Z',
      'clock_out@2026-11-18T21:30:00.000Z',
    ]);
    const times = result.events.map((event) => Date.parse(event.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('sorts by instant, not by the text of the time (offsets differ)', () => {
    const late: RawPunch = {
      ...BACK,
      id: '00000000-0000-4000-8000-000000000004',
      // 16:10Z written in Toronto time: as text it sorts before "2026-11-18T16:00:00.000Z".
      occurredAt: '2026-11-18T11:10:00-05:00',
    };
    const result = applyCorrections([late, BREAK, IN], [addOut]);
    expect(result.events.map((event) => event.id)).toEqual([IN.id, BREAK.id, late.id, addOut.id]);
  });

  it('never changes the raw punches or the corrections it was given', () => {
    const raw = frozen(RAW);
    const corrections = frozen<Applied>([
      addOut,
      {
        id: 'c0000000-0000-4000-8000-000000000011',
        kind: 'move',
        targetEventId: IN.id,
        occurredAt: '2026-11-18T14:10:00.000Z',
        date: DAY,
      },
      { id: 'c0000000-0000-4000-8000-000000000012', kind: 'remove', targetEventId: BACK.id },
    ]);
    const rawBefore: unknown = JSON.parse(JSON.stringify(raw));
    const correctionsBefore: unknown = JSON.parse(JSON.stringify(corrections));
    const result = applyCorrections(raw, corrections);
    expect(raw).toEqual(rawBefore);
    expect(corrections).toEqual(correctionsBefore);
    expect(result.events).toHaveLength(3);
    // The moved punch is a new object; the raw one keeps its time.
    expect(result.events.find((event) => event.id === IN.id)).not.toBe(raw[0]);
    expect(raw[0]?.occurredAt).toBe('2026-11-18T14:00:00.000Z');
  });
});

describe('fileAddedPunches', () => {
  const ZONE = 'America/Toronto';
  const EVENING = '2026-03-07'; // the night the clocks spring forward
  const MORNING = '2026-03-08';
  const add = (
    id: string,
    eventType: 'clock_in' | 'clock_out' | 'break',
    occurredAt: string,
    status: FilableCorrection['status'],
  ): FilableCorrection => ({ id, kind: 'add', eventType, occurredAt, date: '1999-01-01', status });
  const nightIn = (status: FilableCorrection['status']) =>
    add('in', 'clock_in', '2026-03-08T03:00:00.000Z', status); // 22:00 EST on the 7th
  const nightOut = (status: FilableCorrection['status']) =>
    add('out', 'clock_out', '2026-03-08T10:00:00.000Z', status); // 06:00 EDT on the 8th

  it('files a clock-out with the night an approved clock-in opened', () => {
    const filed = fileAddedPunches([], [nightIn('approved'), nightOut('approved')], ZONE);
    expect(Object.fromEntries(filed)).toEqual({ in: EVENING, out: EVENING });
  });

  it('files by time, not by the order the requests came in', () => {
    const filed = fileAddedPunches([], [nightOut('approved'), nightIn('approved')], ZONE);
    expect(Object.fromEntries(filed)).toEqual({ in: EVENING, out: EVENING });
  });

  it('files a pending clock-out with a pending clock-in, an approved one never by a pending', () => {
    expect(fileAddedPunches([], [nightIn('pending'), nightOut('pending')], ZONE).get('out')).toBe(
      EVENING,
    );
    expect(fileAddedPunches([], [nightIn('pending'), nightOut('approved')], ZONE).get('out')).toBe(
      MORNING,
    );
  });

  it('files an added punch inside a raw night shift with it, and one after it on its own day', () => {
    const raw = [
      {
        id: 'raw-in',
        eventType: 'clock_in' as const,
        occurredAt: '2026-03-08T03:00:00.000Z',
        date: EVENING,
        shiftDate: EVENING,
      },
    ];
    const filed = fileAddedPunches(
      raw,
      [
        add('break', 'break', '2026-03-08T07:00:00.000Z', 'pending'),
        add('out', 'clock_out', '2026-03-08T10:00:00.000Z', 'pending'),
        add('next', 'clock_in', '2026-03-09T02:00:00.000Z', 'pending'), // 22:00 on the 8th
      ],
      ZONE,
    );
    expect(Object.fromEntries(filed)).toEqual({ break: EVENING, out: EVENING, next: MORNING });
  });

  it('lets a removed raw clock-in stop filing later punches with its night', () => {
    const raw = [
      {
        id: 'raw-in',
        eventType: 'clock_in' as const,
        occurredAt: '2026-03-08T03:00:00.000Z',
        date: EVENING,
        shiftDate: EVENING,
      },
    ];
    const filed = fileAddedPunches(
      raw,
      [
        { id: 'drop', kind: 'remove', targetEventId: 'raw-in', status: 'approved' },
        add('in2', 'clock_in', '2026-03-08T11:00:00.000Z', 'approved'), // 07:00 on the 8th
      ],
      ZONE,
    );
    expect(filed.get('in2')).toBe(MORNING);
  });
});
