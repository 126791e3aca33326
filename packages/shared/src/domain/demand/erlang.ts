/**
 * Erlang B and Erlang C (#31 item 1): how many people an interval's workload needs to answer a
 * share of contacts within a target time. Pure arithmetic, no I/O.
 *
 * Erlang B is computed by its recursion, B(0) = 1, B(n) = A·B(n−1) / (n + A·B(n−1)), never from
 * factorials and powers: those overflow a double past about 170 servers, while the recursion
 * stays between 0 and 1 for any traffic. Erlang C follows from it:
 * C = N·B / (N − A·(1 − B)) for N > A (with N ≤ A the queue grows without end: everyone waits).
 * Service level within T seconds: SL = 1 − C·e^(−(N − A)·T / AHT); average speed of answer:
 * ASA = C·AHT / (N − A). (FIELD-NOTES "Planning from demand".)
 */

/** Traffic in Erlangs: contacts in an interval × average handling time ÷ the interval's length. */
export function trafficErlangs(input: {
  contacts: number;
  ahtSeconds: number;
  intervalSeconds: number;
}): number {
  return (input.contacts * input.ahtSeconds) / input.intervalSeconds;
}

/** Probability a contact finds all `servers` busy and is lost (no queue), for `traffic` Erlangs. */
export function erlangB(servers: number, traffic: number): number {
  if (!Number.isInteger(servers) || servers < 0)
    throw new RangeError('servers: a whole number ≥ 0');
  if (!(traffic >= 0) || !Number.isFinite(traffic)) throw new RangeError('traffic: a number ≥ 0');
  let blocking = 1;
  for (let n = 1; n <= servers; n += 1) {
    const carried = traffic * blocking;
    blocking = carried / (n + carried);
  }
  return blocking;
}

/** Probability a contact has to wait (Erlang C) with `servers` people for `traffic` Erlangs. */
export function erlangC(servers: number, traffic: number): number {
  if (traffic === 0) return 0;
  if (servers <= traffic) return 1;
  const blocking = erlangB(servers, traffic);
  return (servers * blocking) / (servers - traffic * (1 - blocking));
}

export interface QueueFigures {
  /** Probability to wait (0..1). */
  waitProbability: number;
  /** Share answered within the target time (0..1). */
  serviceLevel: number;
  /** Average speed of answer, seconds (Infinity when the queue never drains). */
  averageSpeedOfAnswer: number;
  /** Share of the people's time busy with contacts (traffic ÷ people, at most 1). */
  occupancy: number;
}

/** What `servers` people achieve for `traffic` Erlangs of contacts of `ahtSeconds` each. */
export function queueFigures(input: {
  servers: number;
  traffic: number;
  ahtSeconds: number;
  targetSeconds: number;
}): QueueFigures {
  const { servers, traffic, ahtSeconds, targetSeconds } = input;
  if (traffic === 0) {
    return { waitProbability: 0, serviceLevel: 1, averageSpeedOfAnswer: 0, occupancy: 0 };
  }
  if (servers <= traffic) {
    return {
      waitProbability: 1,
      serviceLevel: 0,
      averageSpeedOfAnswer: Infinity,
      occupancy: 1,
    };
  }
  const waitProbability = erlangC(servers, traffic);
  const spare = servers - traffic;
  return {
    waitProbability,
    serviceLevel: 1 - waitProbability * Math.exp((-spare * targetSeconds) / ahtSeconds),
    averageSpeedOfAnswer: (waitProbability * ahtSeconds) / spare,
    occupancy: traffic / servers,
  };
}

export interface StaffingTarget {
  contacts: number;
  ahtSeconds: number;
  intervalSeconds: number;
  /** The share to answer within targetSeconds, 0 < x < 1 (0.8 for "80 % in 20 s"). */
  serviceLevel: number;
  targetSeconds: number;
  /** Share of paid time people are not available for contacts (breaks, training), 0 ≤ x < 1. */
  shrinkage: number;
  /** The most people the answer may name; beyond it the target is called unreachable. */
  maxAgents?: number;
}

export type StaffingAnswer =
  | {
      reachable: true;
      /** People on contacts the target needs (the smallest number that meets it). */
      agents: number;
      /** People to schedule once shrinkage takes its share: agents ÷ (1 − shrinkage), rounded up. */
      scheduled: number;
      traffic: number;
      figures: QueueFigures;
    }
  | {
      reachable: false;
      /** Why not, for the planner: 'target' (100 % or more asked), 'limit' (more than maxAgents). */
      reason: 'target' | 'limit';
      traffic: number;
    };

/** The least people that answer `serviceLevel` of the contacts within `targetSeconds`. */
export function staffFor(target: StaffingTarget): StaffingAnswer {
  const traffic = trafficErlangs(target);
  if (!(target.serviceLevel > 0) || target.serviceLevel >= 1) {
    return { reachable: false, reason: 'target', traffic };
  }
  if (!(target.shrinkage >= 0 && target.shrinkage < 1)) {
    throw new RangeError('shrinkage: at least 0 and less than 1');
  }
  const maxAgents = target.maxAgents ?? 10_000;
  const schedule = (agents: number) => Math.ceil(agents / (1 - target.shrinkage) - 1e-9);
  if (traffic === 0) {
    const figures = queueFigures({ servers: 0, traffic, ...target });
    return { reachable: true, agents: 0, scheduled: 0, traffic, figures };
  }
  // The service level only grows with people, so the first count above the traffic that meets
  // the target is the answer; B is carried along instead of recomputed for each count.
  let agents = Math.floor(traffic) + 1;
  if (agents > maxAgents) return { reachable: false, reason: 'limit', traffic };
  let blocking = erlangB(agents, traffic);
  for (;;) {
    const waitProbability = (agents * blocking) / (agents - traffic * (1 - blocking));
    const spare = agents - traffic;
    const serviceLevel =
      1 - waitProbability * Math.exp((-spare * target.targetSeconds) / target.ahtSeconds);
    if (serviceLevel >= target.serviceLevel) {
      const figures: QueueFigures = {
        waitProbability,
        serviceLevel,
        averageSpeedOfAnswer: (waitProbability * target.ahtSeconds) / spare,
        occupancy: traffic / agents,
      };
      return { reachable: true, agents, scheduled: schedule(agents), traffic, figures };
    }
    agents += 1;
    if (agents > maxAgents) return { reachable: false, reason: 'limit', traffic };
    const carried = traffic * blocking;
    blocking = carried / (agents + carried);
  }
}
