import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parseISO } from 'date-fns';
import type { TimesheetDay } from '@punchclock/shared/contracts/timesheets';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { formatDate } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { PeriodStepper } from '@/components/ui/period-stepper';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, minutesColumn, type DataColumn } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { timesheetQueryOptions } from '../api';
import { PayLinesTable } from './pay-lines-table';
import {
  daysWithEntries,
  describeFinding,
  formatOvertime,
  formatPeriod,
  summariseTotals,
} from '../timesheet-summary';
import { SignOffPanel } from './sign-off-panel';

/** The holiday pay a day earns, as a duration. */
function HolidayPay({ minutes }: { minutes: number }) {
  const duration = formatMinutes(minutes);
  return (
    <span className="tabular-nums">
      <Trans>Holiday pay {duration}</Trans>
    </span>
  );
}

/**
 * The signed-in person's timesheet for a pay period, read-only: totals, days and labour-law
 * findings. Titled "My timesheet" (Attendance), or "Pay period" under the My Timesheet page's own
 * heading (#33 part 6).
 */
export function TimesheetCard({
  timeZone,
  title,
}: {
  timeZone: string;
  /** The card's heading; "My timesheet" unless told. */
  title?: string;
}) {
  // undefined = the period containing today (the server's business day).
  const [date, setDate] = useState<string | undefined>(undefined);
  const timesheet = useQuery(timesheetQueryOptions(date));
  const period = timesheet.data?.period;
  const { t } = useLingui();
  const columns: DataColumn<TimesheetDay>[] = [
    {
      id: 'date',
      header: t`Date`,
      isRowHeader: true,
      className: 'whitespace-nowrap',
      cell: (day) => formatDate(parseISO(day.date), 'EEE, MMM d'),
    },
    minutesColumn('worked', t`Worked`, (day) => day.workedMinutes),
    minutesColumn('regular', t`Regular`, (day) => day.regularMinutes),
    {
      id: 'overtime',
      header: t`Overtime`,
      className: 'tabular-nums',
      cell: (day) => formatOvertime(day.overtime),
    },
    {
      id: 'notes',
      header: t`Notes`,
      cell: (day) =>
        day.holiday || day.isCorrected ? (
          <span className="flex flex-wrap items-center gap-2">
            {day.holiday && <span>{day.holiday}</span>}
            {day.holidayPayMinutes > 0 && <HolidayPay minutes={day.holidayPayMinutes} />}
            {day.workedOnHoliday && (
              <Badge variant="warning">
                <Trans>Worked on holiday</Trans>
              </Badge>
            )}
            {day.isCorrected && (
              <Badge variant="warning">
                <Trans>Corrected</Trans>
              </Badge>
            )}
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card data-testid="timesheet-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle id="timesheet">{title ?? t`My timesheet`}</CardTitle>
          <CardDescription data-testid="timesheet-period" aria-live="polite">
            {period ? formatPeriod(period) : t`Loading…`}
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <PeriodStepper period={period} onDate={setDate} disabled={timesheet.isFetching} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={timesheet}>
          {(data) => {
            const days = daysWithEntries(data.days);
            const signOff = <SignOffPanel sheet={data} />;
            if (days.length === 0 && data.findings.length === 0) {
              return (
                <>
                  {signOff}
                  <p className="text-sm text-muted-foreground">
                    <Trans>Nothing recorded in this pay period yet.</Trans>
                  </p>
                </>
              );
            }
            return (
              <>
                {signOff}
                <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                  {summariseTotals(data.totals).map((line) => (
                    <div key={line.label} className="rounded-md border p-3">
                      <dt className="text-xs text-muted-foreground">{line.label}</dt>
                      <dd className="text-lg font-semibold tabular-nums">{line.value}</dd>
                    </div>
                  ))}
                </dl>
                <DataTable
                  label={t`Days of the pay period`}
                  columns={columns}
                  rows={days}
                  rowKey={(day) => day.date}
                  rowTestId="timesheet-day"
                  emptyMessage={t`Nothing recorded in this pay period yet.`}
                />
                <PayLinesTable lines={data.payLines} vacationPay={data.vacationPay} />
                {data.findings.length > 0 && (
                  <section
                    aria-labelledby="timesheet-findings"
                    className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
                  >
                    <h3 id="timesheet-findings" className="font-medium">
                      <Trans>Labour-law checks</Trans>
                    </h3>
                    <ul className="grid list-disc gap-1 pl-5">
                      {data.findings.map((finding, index) => (
                        <li key={index}>{describeFinding(finding, timeZone)}</li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            );
          }}
        </QueryState>
        <p className="text-xs text-muted-foreground">
          <Trans>Figures update within a minute of a punch.</Trans>
        </p>
      </CardContent>
    </Card>
  );
}
