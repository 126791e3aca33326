import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PublicHolidayRow } from '@punchclock/shared/contracts/payroll';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { holidaysQueryOptions, payrollChanges, usePayrollChange } from './api';

/** Ontario's public holidays for a year with the admin's additions and removals. */
export function HolidaysSection() {
  const { t } = useLingui();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const holidays = useQuery(holidaysQueryOptions(year));
  const change = usePayrollChange();

  const add = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(() => payrollChanges.addHoliday({ date, name }), {
      onSuccess: () => {
        setDate('');
        setName('');
      },
    });
  };

  const columns: DataColumn<PublicHolidayRow>[] = [
    { id: 'date', header: t`Date`, isRowHeader: true, cell: (row) => row.date },
    {
      id: 'name',
      header: t`Holiday`,
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className={row.isRemoved ? 'line-through' : undefined}>{row.name}</span>
          {row.source === 'added' && (
            <Badge>
              <Trans>Added</Trans>
            </Badge>
          )}
          {row.isRemoved && (
            <Badge variant="warning">
              <Trans>Removed</Trans>
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (row) => {
        const holiday = row.name;
        return row.isRemoved ? (
          <Button
            size="sm"
            variant="outline"
            disabled={change.isPending}
            onClick={() => change.mutate(() => payrollChanges.restoreHoliday(row.date))}
          >
            <Trans>Restore {holiday}</Trans>
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={change.isPending}
            onClick={() => change.mutate(() => payrollChanges.removeHoliday(row.date))}
          >
            <Trans>Remove {holiday}</Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Public holidays</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Ontario&apos;s nine public holidays, computed per year, with your additions and
            removals. Timesheets and holiday pay use this list.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field id="holiday-year" label={t`Year`} className="grid max-w-32 gap-1">
          <Input
            type="number"
            min={2000}
            max={2100}
            value={year}
            onChange={(event) => setYear(Number(event.target.value) || year)}
          />
        </Field>
        <QueryState query={holidays}>
          {({ year: shownYear, holidays: rows }) => (
            <DataTable
              label={t`Public holidays ${shownYear}`}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.date}
              rowTestId="holiday-row"
              emptyMessage={t`No public holidays.`}
            />
          )}
        </QueryState>
        <form
          onSubmit={add}
          className="flex flex-wrap items-end gap-3"
          aria-label={t`Add a holiday`}
        >
          <Field id="holiday-date" label={t`Date`}>
            <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </Field>
          <Field id="holiday-name" label={t`Name`}>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Button type="submit" disabled={change.isPending}>
            <Trans>Add holiday</Trans>
          </Button>
        </form>
        {change.error && (
          <p role="alert" className="text-sm text-destructive">
            {change.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
