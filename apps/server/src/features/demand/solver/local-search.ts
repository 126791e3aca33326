import type { Candidate } from './candidates.ts';
import { emptyWeek, fitsWeek, type GreedyInput, type PersonWeek } from './greedy.ts';
import { coverageLookup, shortOfMinimumHourCost, weekMinimum } from './model.ts';

/**
 * A local improvement of a plan (#31 item 3): moves that each lower the model's own cost (the
 * objective of model.ts: labour, prefer-not, under/over coverage of the part's targets, overtime,
 * hours short of a weekly minimum), repeated until none does or the deadline passes. Moves:
 * - one person, one day: their shift there becomes any other of their candidates that day, or
 *   none, or a day off gets a shift (a start moved by a step, a longer or shorter shift, …);
 * - two people, one day: they exchange their shifts (or one hands the shift to the other), so a
 *   cheaper person or one below their minimum takes it while the coverage stays the same.
 * Every move is checked by fitsWeek, the rule check the greedy fill uses; the candidates already
 * leave out unavailability and locked shifts. Used on the MIP's start and on its answer: HiGHS
 * spends a large week's time limit at the root, and its answer is rarely a local optimum. Pure.
 */

const HOUR = 3_600_000;
/** Improvements smaller than this (money units) are noise of floating sums. */
const EPSILON = 1e-6;

export interface ImproveInput extends GreedyInput {
  chosen: readonly Candidate[];
  /** performance.now() after which no further pass starts. */
  deadline?: number;
}

interface PersonPlan extends PersonWeek {
  person: number;
  minimum: number;
}

export function planCost(input: Omit<ImproveInput, 'deadline'>): number {
  return new Search(input).total();
}

export function improvePlan(input: ImproveInput): Candidate[] {
  const search = new Search(input);
  const deadline = input.deadline ?? Infinity;
  for (let pass = 0; pass < 100 && performance.now() < deadline; pass += 1) {
    const changed = search.pass(deadline);
    if (!changed) break;
  }
  return search.chosen();
}

class Search {
  private readonly coverOf: (candidate: Candidate) => [number, number][];
  private readonly cover: Float64Array;
  private readonly target: Float64Array;
  private readonly underRate: Float64Array;
  private readonly overRate: Float64Array;
  private readonly plans: PersonPlan[];
  private readonly shortRate: number;
  /** Each person's candidates on a day by template and position (for exchanges). */
  private readonly byKey: Map<string, Candidate>[][];

  constructor(private readonly input: Omit<ImproveInput, 'deadline'>) {
    const { problem, set, people, demand } = input;
    this.coverOf = coverageLookup(demand);
    this.cover = new Float64Array(demand.length);
    this.target = Float64Array.from(demand, (row) => Math.max(0, row.target));
    this.underRate = Float64Array.from(
      demand,
      (row) => (problem.costs.underHour * (row.end - row.start)) / HOUR,
    );
    this.overRate = Float64Array.from(
      demand,
      (row) => (problem.costs.overHour * (row.end - row.start)) / HOUR,
    );
    this.shortRate = shortOfMinimumHourCost(problem, people) / 60;
    const index = new Map<number, PersonPlan>();
    this.plans = people.map((person) => {
      const plan: PersonPlan = {
        ...emptyWeek(problem, set, person),
        person,
        minimum: weekMinimum(problem, set, person).minimum,
      };
      index.set(person, plan);
      return plan;
    });
    this.byKey = people.map((person) =>
      (set.byPersonDay[person] ?? []).map(
        (day) => new Map(day.map((candidate) => [keyOf(candidate), candidate])),
      ),
    );
    for (const candidate of input.chosen) {
      const plan = index.get(candidate.person);
      if (!plan || plan.byDay[candidate.template.day]) continue;
      this.put(plan, candidate);
    }
  }

  chosen(): Candidate[] {
    return this.plans.flatMap((plan) => plan.byDay.filter((each): each is Candidate => !!each));
  }

  /** The plan's cost as the model's objective counts it (rows no candidate reaches left out). */
  total(): number {
    const reached = new Uint8Array(this.cover.length);
    for (const person of this.input.people) {
      for (const day of this.input.set.byPersonDay[person] ?? []) {
        for (const candidate of day) for (const [row] of this.coverOf(candidate)) reached[row] = 1;
      }
    }
    let total = 0;
    for (let row = 0; row < this.cover.length; row += 1) {
      if (reached[row]) total += this.rowCost(row, this.cover[row]!);
    }
    for (const plan of this.plans) {
      total += this.personCost(plan, plan.paid);
      for (const candidate of plan.byDay) if (candidate) total += ownCost(candidate);
    }
    return total;
  }

  /** One sweep over every person-day and every pair of people on a day; true if anything moved. */
  pass(deadline: number): boolean {
    let changed = false;
    const days = this.input.problem.weekDates.length;
    for (const plan of this.plans) {
      if (performance.now() >= deadline) return changed;
      for (let day = 0; day < days; day += 1) changed = this.bestOfDay(plan, day) || changed;
    }
    for (let day = 0; day < days; day += 1) {
      if (performance.now() >= deadline) return changed;
      for (let a = 0; a < this.plans.length; a += 1) {
        for (let b = a + 1; b < this.plans.length; b += 1) {
          changed = this.exchange(this.plans[a]!, this.plans[b]!, day, a, b) || changed;
        }
      }
    }
    return changed;
  }

  private rowCost(row: number, people: number): number {
    const target = this.target[row]!;
    return people < target
      ? (target - people) * this.underRate[row]!
      : (people - target) * this.overRate[row]!;
  }

  /** Overtime and hours short of the minimum, for `paid` minutes in the part. */
  private personCost(plan: PersonPlan, paid: number): number {
    const person = this.input.problem.people[plan.person]!;
    let cost = Math.max(0, plan.minimum - paid) * this.shortRate;
    if (person.overtime && person.overtime.premiumMultiplier > 0) {
      const past = Math.max(0, plan.lockedPaid + paid - person.overtime.weeklyThresholdMinutes);
      cost += (past / 60) * person.hourlyCost * person.overtime.premiumMultiplier;
    }
    return cost;
  }

  private put(plan: PersonPlan, candidate: Candidate): void {
    plan.byDay[candidate.template.day] = candidate;
    plan.paid += candidate.template.paidMinutes;
    plan.work += candidate.template.weekWorkMinutes;
    for (const [row, fraction] of this.coverOf(candidate))
      this.cover[row] = this.cover[row]! + fraction;
  }

  private remove(plan: PersonPlan, day: number): void {
    const candidate = plan.byDay[day];
    if (!candidate) return;
    plan.byDay[day] = null;
    plan.paid -= candidate.template.paidMinutes;
    plan.work -= candidate.template.weekWorkMinutes;
    for (const [row, fraction] of this.coverOf(candidate))
      this.cover[row] = this.cover[row]! - fraction;
  }

  /** What adding the candidate's coverage changes (the person's current day already removed). */
  private coverDelta(candidate: Candidate): number {
    let delta = 0;
    for (const [row, fraction] of this.coverOf(candidate)) {
      const people = this.cover[row]!;
      delta += this.rowCost(row, people + fraction) - this.rowCost(row, people);
    }
    return delta;
  }

  /** The person's best shift (or none) on the day, the rest of the plan as it is. */
  private bestOfDay(plan: PersonPlan, day: number): boolean {
    const current = plan.byDay[day];
    const options = this.input.set.byPersonDay[plan.person]?.[day] ?? [];
    if (options.length === 0 && !current) return false;
    // Cost of the day as it is, measured with the current shift taken out.
    this.remove(plan, day);
    const base = this.personCost(plan, plan.paid);
    const costWith = (candidate: Candidate | null) =>
      candidate === null
        ? base
        : ownCost(candidate) +
          this.coverDelta(candidate) +
          this.personCost(plan, plan.paid + candidate.template.paidMinutes);
    let best = current ?? null;
    let bestCost = costWith(best);
    const none = costWith(null);
    if (none < bestCost - EPSILON) {
      best = null;
      bestCost = none;
    }
    for (const candidate of options) {
      if (candidate === current || !fitsWeek(this.input.set, plan, candidate)) continue;
      const cost = costWith(candidate);
      if (cost < bestCost - EPSILON) {
        best = candidate;
        bestCost = cost;
      }
    }
    if (best) this.put(plan, best);
    return best !== (current ?? null);
  }

  /** Plans a and b swap their shifts on the day, when both may work the other's and it pays. */
  private exchange(a: PersonPlan, b: PersonPlan, day: number, ia: number, ib: number): boolean {
    const shiftA = a.byDay[day] ?? null;
    const shiftB = b.byDay[day] ?? null;
    if (!shiftA && !shiftB) return false;
    if (shiftA && shiftB && keyOf(shiftA) === keyOf(shiftB)) return false;
    const forB = shiftA ? this.byKey[ib]![day]!.get(keyOf(shiftA)) : null;
    const forA = shiftB ? this.byKey[ia]![day]!.get(keyOf(shiftB)) : null;
    if (forB === undefined || forA === undefined) return false;
    const paidA = a.paid - (shiftA?.template.paidMinutes ?? 0) + (forA?.template.paidMinutes ?? 0);
    const paidB = b.paid - (shiftB?.template.paidMinutes ?? 0) + (forB?.template.paidMinutes ?? 0);
    const before =
      this.personCost(a, a.paid) +
      this.personCost(b, b.paid) +
      (shiftA ? ownCost(shiftA) : 0) +
      (shiftB ? ownCost(shiftB) : 0);
    const after =
      this.personCost(a, paidA) +
      this.personCost(b, paidB) +
      (forA ? ownCost(forA) : 0) +
      (forB ? ownCost(forB) : 0);
    if (after >= before - EPSILON) return false;
    // The rules, each person with the other's shift in place of their own.
    this.remove(a, day);
    this.remove(b, day);
    const fits =
      (!forA || fitsWeek(this.input.set, a, forA)) && (!forB || fitsWeek(this.input.set, b, forB));
    const [nextA, nextB] = fits ? [forA, forB] : [shiftA, shiftB];
    if (nextA) this.put(a, nextA);
    if (nextB) this.put(b, nextB);
    return fits;
  }
}

const keyOf = (candidate: Candidate) => `${candidate.template.id}:${candidate.position}`;
const ownCost = (candidate: Candidate) => candidate.labourCost + candidate.preferNotCost;
