import type { Candidate, CandidateSet } from './candidates.ts';
import { coverageLookup, weekRoom, type DemandRow } from './model.ts';
import type { RosterProblem } from './types.ts';

/**
 * A greedy fill (#31 item 3): again and again, the shift that saves the most money (under-
 * coverage avoided less its labour, over-coverage and overtime), until none saves any; then
 * people below their weekly minimum get their least costly shifts. It keeps every hard rule the
 * MIP keeps. Used as the MIP's start (HiGHS's own heuristics find a first plan slowly on a large
 * week) and as the benchmark's baseline. Pure.
 */

const HOUR = 3_600_000;

export interface GreedyInput {
  problem: RosterProblem;
  set: CandidateSet;
  people: readonly number[];
  demand: readonly DemandRow[];
}

/** A person's plan for the week in a part, as the greedy fill and the local search keep it. */
export interface PersonWeek {
  byDay: (Candidate | null)[];
  /** Paid and in-week work minutes of the shifts in byDay (locked shifts aside). */
  paid: number;
  work: number;
  maxPaid: number;
  maxWork: number;
  lockedPaid: number;
}

export function emptyWeek(problem: RosterProblem, set: CandidateSet, person: number): PersonWeek {
  const room = weekRoom(problem, set, person);
  return {
    byDay: problem.weekDates.map(() => null),
    paid: 0,
    work: 0,
    maxPaid: room.maxPaid,
    maxWork: room.maxWork,
    lockedPaid: room.lockedPaid,
  };
}

/**
 * Whether the person may work `candidate` in place of whatever they have on its day (the rules
 * the MIP's rows state: the week's paid maximum, the 48 hours, rest with the days either side;
 * one shift a day holds because it replaces that day's). Days with a locked shift, unavailable
 * spans and rest with locked shifts are already out of the candidates.
 */
export function fitsWeek(set: CandidateSet, state: PersonWeek, candidate: Candidate): boolean {
  const { template } = candidate;
  const current = state.byDay[template.day];
  const paid = state.paid - (current?.template.paidMinutes ?? 0) + template.paidMinutes;
  const work = state.work - (current?.template.weekWorkMinutes ?? 0) + template.weekWorkMinutes;
  if (paid > state.maxPaid || work > state.maxWork) return false;
  const before = state.byDay[template.day - 1];
  const after = state.byDay[template.day + 1];
  if (before && set.isIncompatible(before.template, template)) return false;
  if (after && set.isIncompatible(template, after.template)) return false;
  return true;
}

export function greedyFill({ problem, set, people, demand }: GreedyInput): Candidate[] {
  const coverOf = coverageLookup(demand);
  const residual = demand.map((row) => Math.max(0, row.target));
  const hours = demand.map((row) => (row.end - row.start) / HOUR);
  const { underHour, overHour } = problem.costs;

  const states = new Map<number, PersonWeek>();
  for (const person of people) states.set(person, emptyWeek(problem, set, person));

  const isFeasible = (candidate: Candidate) => {
    const state = states.get(candidate.person)!;
    return !state.byDay[candidate.template.day] && fitsWeek(set, state, candidate);
  };

  const valueOf = (candidate: Candidate) => {
    let value = -(candidate.labourCost + candidate.preferNotCost);
    for (const [row, fraction] of coverOf(candidate)) {
      const useful = Math.min(residual[row]!, fraction);
      value += underHour * hours[row]! * useful - overHour * hours[row]! * (fraction - useful);
    }
    const person = problem.people[candidate.person]!;
    if (person.overtime) {
      const state = states.get(candidate.person)!;
      const threshold = person.overtime.weeklyThresholdMinutes;
      const before = Math.max(0, state.lockedPaid + state.paid - threshold);
      const after = Math.max(
        0,
        state.lockedPaid + state.paid + candidate.template.paidMinutes - threshold,
      );
      value -= ((after - before) / 60) * person.hourlyCost * person.overtime.premiumMultiplier;
    }
    return value;
  };

  const chosen: Candidate[] = [];
  const take = (candidate: Candidate) => {
    const state = states.get(candidate.person)!;
    state.byDay[candidate.template.day] = candidate;
    state.paid += candidate.template.paidMinutes;
    state.work += candidate.template.weekWorkMinutes;
    for (const [row, fraction] of coverOf(candidate)) {
      residual[row] = Math.max(0, residual[row]! - fraction);
    }
    chosen.push(candidate);
  };

  // Lazy greedy: a shift's value only falls as others are taken, so a value recomputed on top of
  // the heap that is still the best is the best.
  const pool = people.flatMap((person) => (set.byPersonDay[person] ?? []).flat());
  const heap = new MaxHeap<Candidate>();
  for (const candidate of pool) {
    const value = valueOf(candidate);
    if (value > 0) heap.push(value, candidate);
  }
  while (heap.size > 0) {
    const candidate = heap.pop()!;
    if (!isFeasible(candidate)) continue;
    const value = valueOf(candidate);
    if (value <= 0) continue;
    if (heap.size > 0 && value < heap.peekValue()) {
      heap.push(value, candidate);
      continue;
    }
    take(candidate);
  }

  // Weekly minimums: the best remaining shift, whatever it costs, until the minimum is met.
  for (const person of people) {
    const minimum = problem.people[person]!.minWeekMinutes - (set.lockedPaidMinutes[person] ?? 0);
    const state = states.get(person)!;
    const own = (set.byPersonDay[person] ?? []).flat();
    while (state.paid < minimum) {
      let best: Candidate | null = null;
      let bestValue = -Infinity;
      for (const candidate of own) {
        if (!isFeasible(candidate)) continue;
        const value = valueOf(candidate);
        if (value > bestValue) {
          best = candidate;
          bestValue = value;
        }
      }
      if (!best) break;
      take(best);
    }
  }
  return chosen;
}

/** A binary max-heap of items by value. */
class MaxHeap<Item> {
  private readonly values: number[] = [];
  private readonly items: Item[] = [];

  get size(): number {
    return this.items.length;
  }

  peekValue(): number {
    return this.values[0] ?? -Infinity;
  }

  push(value: number, item: Item): void {
    this.values.push(value);
    this.items.push(item);
    let index = this.items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.values[parent]! >= value) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  pop(): Item | undefined {
    const top = this.items[0];
    const lastValue = this.values.pop();
    const lastItem = this.items.pop();
    if (this.items.length > 0 && lastValue !== undefined && lastItem !== undefined) {
      this.values[0] = lastValue;
      this.items[0] = lastItem;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let largest = index;
        if (left < this.items.length && this.values[left]! > this.values[largest]!) largest = left;
        if (right < this.items.length && this.values[right]! > this.values[largest]!)
          largest = right;
        if (largest === index) break;
        this.swap(index, largest);
        index = largest;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.values[a], this.values[b]] = [this.values[b]!, this.values[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }
}
