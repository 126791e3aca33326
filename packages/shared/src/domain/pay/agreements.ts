import { shiftDate } from '../business-time.ts';

/**
 * Labour agreements on file (issue #14, item 4; docs/decisions/0020) as dated spans: an agreement
 * applies from `startDate` to `endDate` inclusive, or indefinitely when `endDate` is null.
 */
export interface AgreementSpan {
  startDate: string;
  endDate: string | null;
}

/**
 * Whether the spans together cover every day from `from` to `to` (inclusive), e.g. a whole work
 * week. Back-to-back spans (one ends the day before the next starts) count as one; a single
 * uncovered day means not covered.
 */
export function agreementsCover(
  spans: readonly AgreementSpan[],
  from: string,
  to: string,
): boolean {
  let next = from; // the first day not yet known to be covered
  const ordered = [...spans].sort((a, b) => a.startDate.localeCompare(b.startDate));
  for (const span of ordered) {
    if (span.startDate > next) break; // a gap before this span
    if (span.endDate === null) return true;
    if (span.endDate >= next) next = shiftDate(span.endDate, 1);
    if (next > to) return true;
  }
  return next > to;
}

/** A predicate for findExcessWeeklyHours: is the work week starting on that date covered? */
export function weekCoveredBy(spans: readonly AgreementSpan[]): (weekStartDate: string) => boolean {
  return (weekStartDate) => agreementsCover(spans, weekStartDate, shiftDate(weekStartDate, 6));
}
