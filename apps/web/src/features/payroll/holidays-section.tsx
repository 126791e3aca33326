import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicHolidayRow } from '@punchclock/shared/contracts/payroll';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { apiRequest } from '@/lib/api-client';
import { holidaysQueryOptions, payrollKey } from './api';

/** Ontario's public holidays for a year with the admin's additions and removals. */
export function HolidaysSection() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const holidays = useQuery(holidaysQueryOptions(year));
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (action: { method: 'POST' | 'DELETE'; url: string; body?: unknown }) =>
      apiRequest(action.url, { method: action.method, body: action.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollKey }),
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { method: 'POST', url: '/api/payroll/holidays', body: { date, name } },
      {
        onSuccess: () => {
          setDate('');
          setName('');
        },
      },
    );
  };

  const columns: DataColumn<PublicHolidayRow>[] = [
    { id: 'date', header: 'Date', isRowHeader: true, cell: (row) => row.date },
    {
      id: 'name',
      header: 'Holiday',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className={row.isRemoved ? 'line-through' : undefined}>{row.name}</span>
          {row.source === 'added' && <Badge>Added</Badge>}
          {row.isRemoved && <Badge variant="warning">Removed</Badge>}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      isActions: true,
      cell: (row) =>
        row.isRemoved ? (
          <Button
            size="sm"
            variant="outline"
            disabled={change.isPending}
            onClick={() =>
              change.mutate({ method: 'POST', url: `/api/payroll/holidays/${row.date}/restore` })
            }
          >
            Restore {row.name}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={change.isPending}
            onClick={() =>
              change.mutate({ method: 'DELETE', url: `/api/payroll/holidays/${row.date}` })
            }
          >
            Remove {row.name}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Public holidays</CardTitle>
        <CardDescription>
          Ontario&apos;s nine public holidays, computed per year, with your additions and removals.
          Timesheets and holiday pay use this list.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field id="holiday-year" label="Year" className="grid max-w-32 gap-1">
          <Input
            type="number"
            min={2000}
            max={2100}
            value={year}
            onChange={(event) => setYear(Number(event.target.value) || year)}
          />
        </Field>
        <QueryState query={holidays}>
          {(data) => (
            <DataTable
              label={`Public holidays ${data.year}`}
              columns={columns}
              rows={data.holidays}
              rowKey={(row) => row.date}
              rowTestId="holiday-row"
              emptyMessage="No public holidays."
            />
          )}
        </QueryState>
        <form onSubmit={add} className="flex flex-wrap items-end gap-3" aria-label="Add a holiday">
          <Field id="holiday-date" label="Date">
            <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </Field>
          <Field id="holiday-name" label="Name">
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Button type="submit" disabled={change.isPending}>
            Add holiday
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
