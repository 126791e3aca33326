import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CardSkeleton } from '@/components/ui/skeleton';
import { useBusinessToday } from '@/features/auth/use-business-today';
import { adherenceReportQueryOptions, personDaysQueryOptions, type RangeFilter } from '../api';
import { AdherenceDefinitions } from '../components/definitions';
import { DayDetailDialog, STATUS_LABELS } from '../components/day-detail-dialog';
import { Percent } from '../components/percent';
import { defaultRange, ReportFilters } from '../components/report-filters';

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
  if (days.isPending) return <p className="py-2 text-sm text-muted-foreground">Loading days…</p>;
  if (days.isError) return <p className="py-2 text-sm text-destructive">{days.error.message}</p>;
  if (days.data.days.length === 0)
    return <p className="py-2 text-sm text-muted-foreground">No days in this range.</p>;
  return (
    <ul className="grid gap-1 py-2 sm:grid-cols-2 lg:grid-cols-3">
      {days.data.days.map((day) => (
        <li key={day.date}>
          <button
            type="button"
            className="flex w-full items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-left text-sm hover:bg-muted"
            onClick={() => onOpen(day.date)}
          >
            <span className="tabular-nums">{day.date}</span>
            <span className="text-muted-foreground">{STATUS_LABELS[day.status] ?? day.status}</span>
            <Percent value={day.adherencePct} empty="—" target={TARGET} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function AdherenceReportPage() {
  const today = useBusinessToday();
  const [filter, setFilter] = useState<RangeFilter>(() => defaultRange(today));
  const [openPerson, setOpenPerson] = useState<string | null>(null);
  const [day, setDay] = useState<{ userId: string; date: string } | null>(null);
  const report = useQuery(adherenceReportQueryOptions(filter));
  const totals = report.data?.totals;

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">Adherence Reports</h1>
        <p className="text-sm text-muted-foreground">
          Did people work when they were scheduled to? Open a person to see their days.
        </p>
      </div>
      <ReportFilters value={filter} today={today} onChange={setFilter} />
      <AdherenceDefinitions />
      {report.isPending ? (
        <CardSkeleton />
      ) : report.isError ? (
        <p className="text-destructive">{report.error.message}</p>
      ) : (
        <>
          {totals && (
            <section
              aria-label="Totals"
              className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7"
            >
              {[
                ['Adherence', <Percent key="a" value={totals.adherencePct} target={TARGET} />],
                ['Conformance', <Percent key="c" value={totals.conformancePct} />],
                ['Scored days', totals.completeDays],
                ['Absent days', totals.absentDays],
                ['Late days', totals.lateDays],
                ['Overbreak days', totals.overbreakDays],
                ['Missed clock-outs', totals.missedClockOuts],
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
              <CardTitle>By team</CardTitle>
            </CardHeader>
            <CardContent>
              <ScrollRegion label="Adherence by team">
                <table className="w-full text-sm">
                  <thead className="border-b text-left text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Team
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Adherence
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Conformance
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Absent
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Late days
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.teams.map((team) => (
                      <tr key={team.teamId ?? 'none'} className="border-b last:border-0">
                        <th scope="row" className="py-2 pr-4 text-left font-medium">
                          {team.teamName}
                        </th>
                        <td className="py-2 pr-4">
                          <Percent value={team.adherencePct} target={TARGET} />
                        </td>
                        <td className="py-2 pr-4">
                          <Percent value={team.conformancePct} />
                        </td>
                        <td className="py-2 pr-4 tabular-nums">{team.absentDays}</td>
                        <td className="py-2 tabular-nums">{team.lateDays}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>By person</CardTitle>
            </CardHeader>
            <CardContent>
              {report.data.people.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No scheduled or worked days in this range.
                </p>
              ) : (
                <ScrollRegion label="Adherence by person">
                  <table className="w-full min-w-[48rem] text-sm">
                    <thead className="border-b text-left text-muted-foreground">
                      <tr>
                        <th scope="col" className="w-10">
                          <span className="sr-only">Days</span>
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Name
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Team
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Adherence
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Conformance
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Worked
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Absent
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Late
                        </th>
                        <th scope="col" className="py-2 pr-4 font-medium">
                          Early
                        </th>
                        <th scope="col" className="py-2 font-medium">
                          Overbreak
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.data.people.map((person) => (
                        <Fragment key={person.userId}>
                          <tr className="border-b" data-testid="adherence-row">
                            <td>
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-expanded={openPerson === person.userId}
                                aria-label={`${openPerson === person.userId ? 'Hide' : 'Show'} days of ${person.name}`}
                                onClick={() =>
                                  setOpenPerson(openPerson === person.userId ? null : person.userId)
                                }
                              >
                                {openPerson === person.userId ? (
                                  <ChevronDown aria-hidden />
                                ) : (
                                  <ChevronRight aria-hidden />
                                )}
                              </Button>
                            </td>
                            <th scope="row" className="py-2 pr-4 text-left font-medium">
                              {person.name}
                            </th>
                            <td className="py-2 pr-4">{person.teamName ?? '—'}</td>
                            <td className="py-2 pr-4">
                              <Percent value={person.adherencePct} target={TARGET} />
                            </td>
                            <td className="py-2 pr-4">
                              <Percent value={person.conformancePct} />
                            </td>
                            <td className="py-2 pr-4 tabular-nums">
                              {formatMinutes(person.workedMinutes)}
                            </td>
                            <td className="py-2 pr-4 tabular-nums">{person.absentDays}</td>
                            <td className="py-2 pr-4 tabular-nums">{person.lateDays}</td>
                            <td className="py-2 pr-4 tabular-nums">{person.earlyLeaveDays}</td>
                            <td className="py-2 tabular-nums">{person.overbreakDays}</td>
                          </tr>
                          {openPerson === person.userId && (
                            <tr className="border-b bg-muted/30">
                              <td />
                              <td colSpan={9}>
                                <PersonDays
                                  userId={person.userId}
                                  filter={filter}
                                  onOpen={(date) => setDay({ userId: person.userId, date })}
                                />
                              </td>
                            </tr>
                          )}
                        </Fragment>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              )}
            </CardContent>
          </Card>
        </>
      )}
      <DayDetailDialog target={day} onClose={() => setDay(null)} />
    </div>
  );
}
