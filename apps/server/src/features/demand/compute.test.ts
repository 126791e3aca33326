import { describe, expect, it } from 'vitest';
import { MAX_REQUIRED, staffInterval } from './compute.ts';

describe('staffInterval', () => {
  it('flags an interval as unreachable when shrinkage takes it past the cap, not only Erlang', () => {
    // About 800 agents answer 780 Erlangs; 30 % shrinkage asks for some 1 150 people.
    const staffing = staffInterval({
      contacts: 780,
      ahtSeconds: 1800,
      intervalSeconds: 1800,
      serviceLevelPercent: 80,
      answerSeconds: 20,
      shrinkagePercent: 30,
    });
    expect(staffing.agents).toBeGreaterThan(MAX_REQUIRED * 0.7);
    expect(staffing).toMatchObject({ required: MAX_REQUIRED, isUnreachable: true });
  });

  it('leaves a reachable interval unflagged', () => {
    const staffing = staffInterval({
      contacts: 100,
      ahtSeconds: 180,
      intervalSeconds: 1800,
      serviceLevelPercent: 80,
      answerSeconds: 20,
      shrinkagePercent: 30,
    });
    expect(staffing.isUnreachable).toBe(false);
    expect(staffing.required).toBeLessThan(MAX_REQUIRED);
  });
});
