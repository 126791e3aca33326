import { t } from '@lingui/core/macro';
import { parseISO } from 'date-fns';
import type {
  LabourFinding,
  Timesheet,
  TimesheetDay,
} from '@punchclock/shared/contracts/timesheets';
import { formatMinutes, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { formatDate, formatNumber } from '@punchclock/shared/i18n/format';

const shortDate = (isoDate: string) => formatDate(parseISO(isoDate), 'MMM d');

/** "Nov 15 – Nov 28, 2026" (the year once, or both years when the period spans New Year). */
export function formatPeriod(period: Timesheet['period']): string {
  const start = parseISO(period.start);
  const end = parseISO(period.end);
  const startText = formatDate(
    start,
    start.getFullYear() === end.getFullYear() ? 'MMM d' : 'MMM d, yyyy',
  );
  const endText = formatDate(end, 'MMM d, yyyy');
  return t`${startText} – ${endText}`;
}

/** "OT1.5" → "OT 1.5×"; any other code is shown as it is. */
export function formatOvertimeCode(code: string): string {
  const match = /^OT\s*(\d+(?:\.\d+)?)$/.exec(code);
  if (!match) return code;
  const multiplier = formatNumber(Number(match[1]), { useGrouping: false });
  return t`OT ${multiplier}×`;
}

/** Overtime as "OT 1.5× 2h, OT 2× 30m", or "—" when there is none. */
export function formatOvertime(overtime: Record<string, number>): string {
  const parts = Object.entries(overtime)
    .filter(([, minutes]) => minutes > 0)
    .map(([code, minutes]) => `${formatOvertimeCode(code)} ${formatMinutes(minutes)}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}

export interface TotalLine {
  label: string;
  value: string;
}

/** The period's totals as label/value pairs: one line per overtime code that has minutes. */
export function summariseTotals(totals: Timesheet['totals']): TotalLine[] {
  const overtime = Object.entries(totals.overtime)
    .filter(([, minutes]) => minutes > 0)
    .map(([code, minutes]) => ({ label: formatOvertimeCode(code), value: formatMinutes(minutes) }));
  return [
    { label: t`Worked`, value: formatMinutes(totals.workedMinutes) },
    { label: t`Regular`, value: formatMinutes(totals.regularMinutes) },
    ...(overtime.length > 0 ? overtime : [{ label: t`Overtime`, value: formatMinutes(0) }]),
    { label: t`Breaks`, value: formatMinutes(totals.breakMinutes) },
    { label: t`Lunch`, value: formatMinutes(totals.lunchMinutes) },
    { label: t`Paid leave`, value: formatMinutes(totals.paidLeaveMinutes) },
  ];
}

/** Days worth a row: something recorded, leave, a correction or a public holiday. */
export function daysWithEntries(days: readonly TimesheetDay[]): TimesheetDay[] {
  return days.filter(
    (day) =>
      day.workedMinutes > 0 ||
      day.breakMinutes > 0 ||
      day.lunchMinutes > 0 ||
      day.paidLeaveMinutes > 0 ||
      day.unpaidLeaveMinutes > 0 ||
      day.isCorrected ||
      day.holiday !== null,
  );
}

/** One labour-law finding as a plain sentence; instants are dated in the business time zone. */
export function describeFinding(finding: LabourFinding, timeZone: string): string {
  const dayOf = (instant: string) => shortDate(toBusinessDate(instant, timeZone));
  switch (finding.kind) {
    case 'missing-eating-period': {
      const day = dayOf(finding.start);
      return t`Worked more than 5 hours without a 30-minute eating period on ${day}`;
    }
    case 'short-daily-rest': {
      const day = shortDate(finding.businessDate);
      const longest = formatMinutes(finding.longestOffMinutes);
      return t`Less than 11 hours off in a row in the day from ${day} (longest ${longest})`;
    }
    case 'short-rest-between-shifts': {
      const day = dayOf(finding.nextShiftStart);
      const off = formatMinutes(finding.offMinutes);
      return t`Less than 8 hours off between shifts on ${day} (${off})`;
    }
    case 'missing-weekly-rest': {
      const required = formatMinutes(finding.requiredOffMinutes);
      const day = shortDate(finding.periodStartDate);
      const longest = formatMinutes(finding.longestOffMinutes);
      return t`No ${required} off in a row in the period from ${day} (longest ${longest})`;
    }
    case 'excess-weekly-hours': {
      const week = shortDate(finding.weekStartDate);
      const worked = formatMinutes(finding.workedMinutes);
      return t`More than 48 hours in the week of ${week} (${worked})`;
    }
  }
}
