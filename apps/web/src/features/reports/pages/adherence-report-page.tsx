import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { AdherenceReport } from '@punchclock/shared/contracts/reports';
import { Button } from '@/components/ui/button';
import { DataTable, minutesColumn, type DataColumn } from '@/components/ui/data-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { adherenceReportQueryOptions, personDaysQueryOptions, type RangeFilter } from '../api';
import { AdherenceDefinitions } from '../components/definitions';
import { DayDetailDialog, statusLabel } from '../components/day-detail-dialog';
import { Percent } from '../components/percent';
import { defaultRange, ReportFilters } from '../components/report-filters';
import { useBusinessToday } from '@/lib/session';

const TARGET = 90;

function PersonDays({
  userId,
  filter,
  onOpen,
}: {
  userId: string;
  filter: RangeFilter;
  onOpen: (date: string) => void;
}) {
  const days = useQuery(personDaysQueryOptions(userId, filter));
  return (
    <QueryState
      query={days}
      pending={
        <p className="py-2 text-sm text-muted-foreground">
          <Trans>Loading days…</Trans>
        </p>
      }
      renderError={(error) => <p className="py-2 text-sm text-destructive">{error.message}</p>}
      isEmpty={(data) => data.days.length === 0}
      empty={
        <p className="py-2 text-sm text-muted-foreground">
          <Trans>No days in this range.</Trans>
        </p>
      }
    >
      {(data) => (
        <ul className="grid gap-1 py-2 sm:grid-cols-2 lg:grid-cols-3">
          {data.days.map((day) => (
            <li key={day.date}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-left text-sm hover:bg-muted"
                onClick={() => onOpen(day.date)}
              >
                <span className="tabular-nums">{day.date}</span>
                <span className="text-muted-foreground">{statusLabel(day.status)}</span>
                <Percent value={day.adherencePct} empty="—" target={TARGET} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export default function AdherenceReportPage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const [filter, setFilter] = useState<RangeFilter>(() => defaultRange(today));
  const [openPerson, setOpenPerson] = useState<string | null>(null);
  const [day, setDay] = useState<{ userId: string; date: string } | null>(null);
  const report = useQuery(adherenceReportQueryOptions(filter));
  const totals = report.data?.totals;
  const teamColumns: DataColumn<AdherenceReport['teams'][number]>[] = [
    { id: 'team', header: t`Team`, isRowHeader: true, cell: (team) => team.teamName },
    {
      id: 'adherence',
      header: t`Adherence`,
      cell: (team) => <Percent value={team.adherencePct} target={TARGET} />,
    },
    {
      id: 'conformance',
      header: t`Conformance`,
      cell: (team) => <Percent value={team.conformancePct} />,
    },
    {
      id: 'absent',
      header: t`Absent`,
      className: 'tabular-nums',
      cell: (team) => team.absentDays,
    },
    { id: 'late', header: t`Late days`, className: 'tabular-nums', cell: (team) => team.lateDays },
  ];
  const personColumns: DataColumn<AdherenceReport['people'][number]>[] = [
    {
      id: 'days',
      header: t`Days`,
      isActions: true,
      cell: (person) => {
        const isOpen = openPerson === person.userId;
        const name = person.name;
        return (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isOpen}
            aria-label={isOpen ? t`Hide days of ${name}` : t`Show days of ${name}`}
            onClick={() => setOpenPerson(isOpen ? null : person.userId)}
          >
            {isOpen ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        );
      },
    },
    { id: 'name', header: t`Name`, isRowHeader: true, cell: (person) => person.name },
    { id: 'team', header: t`Team`, cell: (person) => person.teamName ?? '—' },
    {
      id: 'adherence',
      header: t`Adherence`,
      cell: (person) => <Percent value={person.adherencePct} target={TARGET} />,
    },
    {
      id: 'conformance',
      header: t`Conformance`,
      cell: (person) => <Percent value={person.conformancePct} />,
    },
    minutesColumn('worked', t`Worked`, (person) => person.workedMinutes),
    {
      id: 'absent',
      header: t`Absent`,
      className: 'tabular-nums',
      cell: (person) => person.absentDays,
    },
    { id: 'late', header: t`Late`, className: 'tabular-nums', cell: (person) => person.lateDays },
    {
      id: 'early',
      header: t`Early`,
      className: 'tabular-nums',
      cell: (person) => person.earlyLeaveDays,
    },
    {
      id: 'overbreak',
      header: t`Overbreak`,
      className: 'tabular-nums',
      cell: (person) => person.overbreakDays,
    },
  ];

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Adherence Reports</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Did people work when they were scheduled to? Open a person to see their days.
          </Trans>
        </p>
      </div>
      <ReportFilters value={filter} today={today} onChange={setFilter} />
      <AdherenceDefinitions />
      <QueryState query={report}>
        {(data) => (
          <>
            {totals && (
              <section
                aria-label={t`Totals`}
                className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7"
              >
                {[
                  [t`Adherence`, <Percent key="a" value={totals.adherencePct} target={TARGET} />],
                  [t`Conformance`, <Percent key="c" value={totals.conformancePct} />],
                  [t`Scored days`, totals.completeDays],
                  [t`Absent days`, totals.absentDays],
                  [t`Late days`, totals.lateDays],
                  [t`Overbreak days`, totals.overbreakDays],
                  [t`Missed clock-outs`, totals.missedClockOuts],
                ].map(([label, value]) => (
                  <div key={String(label)} className="rounded-xl border bg-card p-4">
                    <p className="text-sm text-muted-foreground">{label}</p>
                    <p className="text-2xl font-semibold tabular-nums">{value}</p>
                  </div>
                ))}
              </section>
            )}
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>By team</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <DataTable
                  label={t`Adherence by team`}
                  columns={teamColumns}
                  rows={data.teams}
                  rowKey={(team) => team.teamId ?? 'none'}
                  emptyMessage={t`No teams in this range.`}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>By person</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <DataTable
                  label={t`Adherence by person`}
                  columns={personColumns}
                  rows={data.people}
                  rowKey={(person) => person.userId}
                  rowTestId="adherence-row"
                  emptyMessage={t`No scheduled or worked days in this range.`}
                  tableClassName="min-w-[48rem]"
                  renderDetail={(person) =>
                    openPerson === person.userId && (
                      <PersonDays
                        userId={person.userId}
                        filter={filter}
                        onOpen={(date) => setDay({ userId: person.userId, date })}
                      />
                    )
                  }
                />
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
      <DayDetailDialog target={day} onClose={() => setDay(null)} />
    </div>
  );
}
