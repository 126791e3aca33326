import type { Candidate, CandidateSet, ShiftTemplate } from './candidates.ts';
import { workSpans } from './candidates.ts';
import type { RosterProblem } from './types.ts';

/**
 * The auto-fill as a mixed-integer program in LP format (#31 item 3, decision 0048, MIP in
 * MODEL.md). Pure. Variables: x<c> a candidate chosen (binary); u<r>/o<r> people under/over the
 * target of demand row r; t<p> paid hours past the person's overtime threshold; s<p> hours short
 * of their weekly minimum (a slack priced far above anything else, so the model is never
 * infeasible). Names stay short: a week of 100 people is ~30 000 columns.
 */

/** One interval × position the solver is asked to cover. */
export interface DemandRow {
  start: number;
  end: number;
  position: string;
  /** People still wanted (the requirement less locked shifts and earlier parts), ≥ 0. */
  target: number;
}

export interface MinimumClamp {
  person: number;
  wantedMinutes: number;
  reachableMinutes: number;
}

export interface BuiltModel {
  lp: string;
  /** The candidates in the model (`x${index}`). */
  candidates: Candidate[];
  rows: number;
  /** Weekly minimums lowered to what the person's candidates can reach. */
  clamped: MinimumClamp[];
}

const HOUR = 3_600_000;

/** A coefficient as LP text: plain decimals, no exponent. */
function num(value: number): string {
  const text = Number(value.toFixed(6)).toString();
  return text.includes('e') ? value.toFixed(9) : text;
}

/** `+ 1.5 x3 - 2 u4 …`, broken into lines (LP readers dislike very long lines). */
function sum(terms: readonly [number, string][]): string {
  const parts: string[] = [];
  terms.forEach(([coefficient, name], index) => {
    const sign = coefficient < 0 ? '-' : index === 0 ? '' : '+';
    const size = Math.abs(coefficient);
    const term = `${sign}${sign ? ' ' : ''}${size === 1 ? '' : `${num(size)} `}${name}`;
    parts.push(index > 0 && index % 12 === 0 ? `\n   ${term}` : term);
  });
  return parts.join(' ');
}

/** Fraction of each demand row a template's work covers (lunch is not coverage). */
function coverage(
  template: ShiftTemplate,
  rows: readonly DemandRow[],
  rowIndexes: readonly number[],
): [number, number][] {
  const spans = workSpans(template);
  const found: [number, number][] = [];
  // rowIndexes are sorted by start: skip to the first that ends after the shift starts.
  let low = 0;
  let high = rowIndexes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[rowIndexes[middle]!]!.end <= template.start) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < rowIndexes.length; i += 1) {
    const row = rows[rowIndexes[i]!]!;
    if (row.start >= template.end) break;
    let covered = 0;
    for (const span of spans) {
      covered += Math.max(0, Math.min(span.end, row.end) - Math.max(span.start, row.start));
    }
    if (covered > 0) found.push([rowIndexes[i]!, covered / (row.end - row.start)]);
  }
  return found;
}

/**
 * Bicliques covering every incompatible pair between day d's and day d + 1's templates: for any
 * (A, B) listed, every template of A clashes with every template of B, so "at most one of A ∪ B"
 * is valid (each day's candidates already exclude each other), and far tighter than one row per
 * pair. Prefixes of day d + 1 by start time catch the usual shape (a late shift forbids the next
 * day's early starts); pairs they miss get a row of their own.
 */
export function restBicliques(
  today: readonly ShiftTemplate[],
  tomorrow: readonly ShiftTemplate[],
  isIncompatible: (a: ShiftTemplate, b: ShiftTemplate) => boolean,
): { a: ShiftTemplate[]; b: ShiftTemplate[] }[] {
  const byStart = [...tomorrow].sort((x, y) => x.start - y.start || x.end - y.end);
  const bicliques: { a: ShiftTemplate[]; b: ShiftTemplate[] }[] = [];
  const covered = new Set<string>();
  let side = [...today];
  for (let k = 0; k < byStart.length; k += 1) {
    side = side.filter((a) => isIncompatible(a, byStart[k]!));
    if (side.length === 0) break;
    const next = byStart[k + 1];
    const isLast = next === undefined || side.some((a) => !isIncompatible(a, next));
    if (!isLast) continue;
    const b = byStart.slice(0, k + 1);
    bicliques.push({ a: side, b });
    for (const each of side) for (const other of b) covered.add(`${each.id}:${other.id}`);
  }
  for (const a of today) {
    const clashes = tomorrow.filter((b) => isIncompatible(a, b));
    if (clashes.some((b) => !covered.has(`${a.id}:${b.id}`)))
      bicliques.push({ a: [a], b: clashes });
  }
  return bicliques;
}

/**
 * Which demand rows a candidate covers, and how much: a position's shift counts for that position
 * and for the whole team's ('') demand. Cached per template and position.
 */
export function coverageLookup(
  demand: readonly DemandRow[],
): (candidate: Candidate) => [number, number][] {
  const rowsByPosition = new Map<string, number[]>();
  demand.forEach((each, index) => {
    const list = rowsByPosition.get(each.position) ?? [];
    list.push(index);
    rowsByPosition.set(each.position, list);
  });
  for (const list of rowsByPosition.values())
    list.sort((a, b) => demand[a]!.start - demand[b]!.start);
  const cache = new Map<string, [number, number][]>();
  return (candidate) => {
    const key = `${candidate.template.id}:${candidate.position}`;
    let found = cache.get(key);
    if (!found) {
      const positions = candidate.position === '' ? [''] : [candidate.position, ''];
      found = positions.flatMap((position) =>
        coverage(candidate.template, demand, rowsByPosition.get(position) ?? []),
      );
      cache.set(key, found);
    }
    return found;
  };
}

/** The weekly limits of a person in a part: what is left of their maximum and the 48 hours. */
export function weekRoom(problem: RosterProblem, set: CandidateSet, person: number) {
  const lockedPaid = set.lockedPaidMinutes[person] ?? 0;
  const lockedWork = set.lockedWeekWorkMinutes[person] ?? 0;
  return {
    lockedPaid,
    maxPaid: problem.people[person]!.maxWeekMinutes - lockedPaid,
    maxWork: problem.rules.weeklyMaxMinutes - lockedWork,
  };
}

/**
 * A person's weekly minimum in a part: what is wanted beyond their locked shifts, lowered to what
 * their candidates can reach (their longest shift each day, within their maximum).
 */
export function weekMinimum(problem: RosterProblem, set: CandidateSet, person: number) {
  const { lockedPaid, maxPaid } = weekRoom(problem, set, person);
  const days = set.byPersonDay[person] ?? [];
  const reachable = Math.min(
    maxPaid,
    days.reduce(
      (total, day) =>
        total + Math.max(0, ...day.map((candidate) => candidate.template.paidMinutes)),
      0,
    ),
  );
  const wanted = Math.max(0, problem.people[person]!.minWeekMinutes - lockedPaid);
  return { wanted, reachable, minimum: Math.max(0, Math.min(wanted, reachable)) };
}

/** An hour short of a weekly minimum: priced above anything else the plan can save. */
export function shortOfMinimumHourCost(problem: RosterProblem, people: readonly number[]): number {
  const highestCost = Math.max(0, ...people.map((person) => problem.people[person]!.hourlyCost));
  return 1000 + 10 * (highestCost + problem.costs.underHour + problem.costs.overHour);
}

export interface ModelInput {
  problem: RosterProblem;
  set: CandidateSet;
  /** People of this part (indices in problem.people). */
  people: readonly number[];
  demand: readonly DemandRow[];
}

/** The LP text of one part: its people's candidates against the demand rows given. */
export function buildModel({ problem, set, people, demand }: ModelInput): BuiltModel {
  const objective: [number, string][] = [];
  const constraints: string[] = [];
  const binaries: string[] = [];
  const clamped: MinimumClamp[] = [];
  let rowCount = 0;
  const row = (
    prefix: string,
    terms: [number, string][],
    sense: '<=' | '>=' | '=',
    rhs: number,
  ) => {
    constraints.push(` ${prefix}${rowCount}: ${sum(terms)} ${sense} ${num(rhs)}`);
    rowCount += 1;
  };

  const coverOf = coverageLookup(demand);

  const inModel: Candidate[] = [];
  const rowTerms: [number, string][][] = demand.map(() => []);
  const shortOfMinimumCost = shortOfMinimumHourCost(problem, people);

  const bicliquesOfDay = new Map<number, { a: ShiftTemplate[]; b: ShiftTemplate[] }[]>();
  const bicliques = (day: number) => {
    let found = bicliquesOfDay.get(day);
    if (!found) {
      found = restBicliques(
        set.templatesByDay[day] ?? [],
        set.templatesByDay[day + 1] ?? [],
        set.isIncompatible,
      );
      bicliquesOfDay.set(day, found);
    }
    return found;
  };

  for (const personIndex of people) {
    const person = problem.people[personIndex]!;
    const days = set.byPersonDay[personIndex] ?? [];
    const { lockedPaid, maxPaid, maxWork } = weekRoom(problem, set, personIndex);
    const own = days
      .flat()
      .filter(
        (candidate) =>
          candidate.template.paidMinutes <= maxPaid &&
          candidate.template.weekWorkMinutes <= maxWork,
      );
    const { wanted, reachable, minimum } = weekMinimum(problem, set, personIndex);
    if (minimum < wanted) {
      clamped.push({
        person: personIndex,
        wantedMinutes: wanted,
        reachableMinutes: Math.max(0, reachable),
      });
    }
    if (own.length === 0) continue;
    const isOwn = new Set(own.map((candidate) => candidate.index));

    for (const candidate of own) {
      const name = `x${candidate.index}`;
      inModel.push(candidate);
      binaries.push(name);
      const cost = candidate.labourCost + candidate.preferNotCost;
      if (cost !== 0) objective.push([cost, name]);
      for (const [rowIndex, fraction] of coverOf(candidate))
        rowTerms[rowIndex]!.push([fraction, name]);
    }

    // One shift a day.
    for (const day of days) {
      const names = day.filter((candidate) => isOwn.has(candidate.index));
      if (names.length > 1)
        row(
          'd',
          names.map((candidate) => [1, `x${candidate.index}`]),
          '<=',
          1,
        );
    }

    // Rest between neighbouring days.
    for (let day = 0; day + 1 < days.length; day += 1) {
      const today = days[day]!.filter((candidate) => isOwn.has(candidate.index));
      const tomorrow = days[day + 1]!.filter((candidate) => isOwn.has(candidate.index));
      if (today.length === 0 || tomorrow.length === 0) continue;
      const seen = new Set<string>();
      for (const biclique of bicliques(day)) {
        const a = new Set(biclique.a.map((template) => template.id));
        const b = new Set(biclique.b.map((template) => template.id));
        const names = [
          ...today.filter((candidate) => a.has(candidate.template.id)),
          ...tomorrow.filter((candidate) => b.has(candidate.template.id)),
        ].map((candidate) => `x${candidate.index}`);
        const hasBothDays =
          today.some((candidate) => a.has(candidate.template.id)) &&
          tomorrow.some((candidate) => b.has(candidate.template.id));
        const key = names.join(' ');
        if (!hasBothDays || seen.has(key)) continue;
        seen.add(key);
        row(
          'r',
          names.map((name) => [1, name]),
          '<=',
          1,
        );
      }
    }

    // The week: maximum paid hours, the 48-hour limit on real work, the minimum, overtime.
    const paidTerms = own.map((candidate): [number, string] => [
      candidate.template.paidMinutes / 60,
      `x${candidate.index}`,
    ]);
    const maxPaidHours = maxPaid / 60;
    const maxWorkHours = maxWork / 60;
    row('a', paidTerms, '<=', maxPaidHours);
    const isSameMeasure = own.every(
      (candidate) => candidate.template.weekWorkMinutes === candidate.template.paidMinutes,
    );
    if (!(isSameMeasure && maxPaidHours <= maxWorkHours)) {
      row(
        'h',
        own.map((candidate) => [candidate.template.weekWorkMinutes / 60, `x${candidate.index}`]),
        '<=',
        maxWorkHours,
      );
    }
    if (minimum > 0) {
      row('b', [...paidTerms, [1, `s${personIndex}`]], '>=', minimum / 60);
      objective.push([shortOfMinimumCost, `s${personIndex}`]);
    }
    const overtime = person.overtime;
    if (
      overtime &&
      overtime.premiumMultiplier > 0 &&
      lockedPaid + maxPaid > overtime.weeklyThresholdMinutes
    ) {
      row(
        'v',
        [...paidTerms, [-1, `t${personIndex}`]],
        '<=',
        (overtime.weeklyThresholdMinutes - lockedPaid) / 60,
      );
      objective.push([person.hourlyCost * overtime.premiumMultiplier, `t${personIndex}`]);
    }
  }

  // Coverage: chosen work + under − over = target (rows no candidate reaches are left out: their
  // shortfall is fixed).
  demand.forEach((each, index) => {
    const terms = rowTerms[index]!;
    if (terms.length === 0) return;
    const hours = (each.end - each.start) / HOUR;
    objective.push([problem.costs.underHour * hours, `u${index}`]);
    objective.push([problem.costs.overHour * hours, `o${index}`]);
    row('c', [...terms, [1, `u${index}`], [-1, `o${index}`]], '=', Math.max(0, each.target));
  });

  const lp = [
    'Minimize',
    ` obj: ${objective.length > 0 ? sum(objective) : '0 x0'}`,
    'Subject To',
    ...constraints,
    ...(binaries.length > 0 ? ['Binary', ...chunk(binaries)] : []),
    'End',
    '',
  ].join('\n');
  return { lp, candidates: inModel, rows: rowCount, clamped };
}

function chunk(names: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < names.length; i += 20) lines.push(` ${names.slice(i, i + 20).join(' ')}`);
  return lines;
}
