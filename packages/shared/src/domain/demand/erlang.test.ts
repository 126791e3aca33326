import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erlangB, erlangC, queueFigures, staffFor, trafficErlangs } from './erlang.ts';

/** Erlang B straight from its definition, A^N/N! ÷ Σ A^k/k!: fine for small N only. */
function erlangBByDefinition(servers: number, traffic: number): number {
  let term = 1;
  let sum = 1;
  for (let k = 1; k <= servers; k += 1) {
    term = (term * traffic) / k;
    sum += term;
  }
  return term / sum;
}

describe('Erlang B', () => {
  it.each([
    // Published Erlang B tables (blocking for N trunks offered A Erlangs).
    [10, 5, 0.0184],
    [5, 2, 0.0367],
    [1, 1, 0.5],
    [20, 15, 0.0456],
  ])('with %i servers and %f Erlangs blocks %f', (servers, traffic, expected) => {
    expect(erlangB(servers, traffic)).toBeCloseTo(expected, 4);
  });

  it('agrees with the definition where the definition can be computed', () => {
    for (const [servers, traffic] of [
      [8, 3],
      [12, 9.5],
      [30, 25],
    ] as const) {
      expect(erlangB(servers, traffic)).toBeCloseTo(erlangBByDefinition(servers, traffic), 12);
    }
  });

  it('stays a probability for hundreds of Erlangs (where factorials overflow)', () => {
    const blocking = erlangB(1000, 900);
    expect(Number.isFinite(blocking)).toBe(true);
    expect(blocking).toBeGreaterThan(0);
    expect(blocking).toBeLessThan(0.001);
    expect(erlangC(1000, 900)).toBeGreaterThan(blocking);
  });

  it('refuses a fractional or negative number of servers', () => {
    expect(() => erlangB(2.5, 1)).toThrow(RangeError);
    expect(() => erlangB(-1, 1)).toThrow(RangeError);
    expect(() => erlangB(2, Number.NaN)).toThrow(RangeError);
  });
});

describe('Erlang C', () => {
  it('makes a third of contacts wait with 2 people for 1 Erlang', () => {
    expect(erlangC(2, 1)).toBeCloseTo(1 / 3, 12);
  });

  it('makes everyone wait when there are no more people than Erlangs', () => {
    expect(erlangC(10, 10)).toBe(1);
    expect(queueFigures({ servers: 9, traffic: 10, ahtSeconds: 180, targetSeconds: 20 })).toEqual({
      waitProbability: 1,
      serviceLevel: 0,
      averageSpeedOfAnswer: Infinity,
      occupancy: 1,
    });
  });

  // The textbook example (FIELD-NOTES "Planning from demand"): 100 contacts in 30 minutes at
  // 180 s each is 10 Erlangs; 80 % in 20 s needs 14 people, 20 scheduled with 30 % shrinkage.
  it('matches the worked example: 13 people give 79.6 %, 14 give 88.8 % with an ASA of 7.8 s', () => {
    const traffic = trafficErlangs({ contacts: 100, ahtSeconds: 180, intervalSeconds: 1800 });
    expect(traffic).toBe(10);
    const at = (servers: number) =>
      queueFigures({ servers, traffic, ahtSeconds: 180, targetSeconds: 20 });
    expect(at(13).serviceLevel).toBeCloseTo(0.796, 3);
    expect(at(14).serviceLevel).toBeCloseTo(0.888, 3);
    expect(at(14).averageSpeedOfAnswer).toBeCloseTo(7.8, 1);
    expect(at(14).occupancy).toBeCloseTo(10 / 14, 12);

    expect(
      staffFor({
        contacts: 100,
        ahtSeconds: 180,
        intervalSeconds: 1800,
        serviceLevel: 0.8,
        targetSeconds: 20,
        shrinkage: 0.3,
      }),
    ).toMatchObject({ reachable: true, agents: 14, scheduled: 20, traffic: 10 });
  });

  it('matches the large example: 1,000 contacts in 30 minutes at 240 s, 142 people give 82.9 %', () => {
    const traffic = trafficErlangs({ contacts: 1000, ahtSeconds: 240, intervalSeconds: 1800 });
    const figures = queueFigures({ servers: 142, traffic, ahtSeconds: 240, targetSeconds: 20 });
    expect(figures.serviceLevel).toBeCloseTo(0.829, 3);
  });
});

describe('staffFor', () => {
  const target = {
    ahtSeconds: 240,
    intervalSeconds: 1800,
    serviceLevel: 0.8,
    targetSeconds: 20,
    shrinkage: 0,
  };

  it('needs nobody without contacts', () => {
    expect(staffFor({ ...target, contacts: 0 })).toMatchObject({ agents: 0, scheduled: 0 });
  });

  it('says a target of 100 % or one past the people allowed is unreachable, and why', () => {
    expect(staffFor({ ...target, contacts: 100, serviceLevel: 1 })).toMatchObject({
      reachable: false,
      reason: 'target',
    });
    expect(staffFor({ ...target, contacts: 1000, maxAgents: 100 })).toMatchObject({
      reachable: false,
      reason: 'limit',
    });
  });

  it('answers for hundreds of Erlangs', () => {
    const answer = staffFor({ ...target, contacts: 15_000, ahtSeconds: 60, shrinkage: 0.3 });
    expect(answer).toMatchObject({ reachable: true, traffic: 500 });
    if (!answer.reachable) return;
    expect(answer.agents).toBeGreaterThan(500);
    expect(answer.agents).toBeLessThan(520);
    expect(answer.scheduled).toBe(Math.ceil(answer.agents / 0.7));
  });

  it('names the least people that meet the target (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 10, max: 900 }),
        fc.double({ min: 0.5, max: 0.99, noNaN: true }),
        fc.integer({ min: 0, max: 120 }),
        (contacts, ahtSeconds, serviceLevel, targetSeconds) => {
          const wanted = { ...target, contacts, ahtSeconds, serviceLevel, targetSeconds };
          const answer = staffFor(wanted);
          if (!answer.reachable) return false;
          const at = (servers: number) =>
            queueFigures({ servers, traffic: answer.traffic, ahtSeconds, targetSeconds });
          expect(at(answer.agents).serviceLevel).toBeGreaterThanOrEqual(serviceLevel);
          expect(at(answer.agents - 1).serviceLevel).toBeLessThan(serviceLevel);
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
});
