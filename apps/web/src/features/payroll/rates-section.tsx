import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayRate } from '@punchclock/shared/contracts/payroll';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { apiRequest } from '@/lib/api-client';
import { payrollKey, peopleQueryOptions } from './api';

/** "23.50" → 2350 cents; NaN when it is not a money amount (the server refuses the rest). */
export function dollarsToCents(text: string): number {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** Per person: the employee number the payroll system knows, and effective-dated hourly rates. */
export function RatesSection() {
  const people = useQuery(peopleQueryOptions);
  const [userId, setUserId] = useState('');
  const [employeeNumber, setEmployeeNumber] = useState<string | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [rate, setRate] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (action: { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }) =>
      apiRequest(action.url, { method: action.method, body: action.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollKey }),
  });
  const person = people.data?.people.find((p) => p.id === userId);

  const addRate = (event: FormEvent) => {
    event.preventDefault();
    const hourlyCents = dollarsToCents(rate);
    if (Number.isNaN(hourlyCents)) {
      setFormError('Give the rate as dollars and cents, e.g. 23.50');
      return;
    }
    setFormError(null);
    change.mutate(
      { method: 'POST', url: '/api/payroll/rates', body: { userId, effectiveFrom, hourlyCents } },
      { onSuccess: () => setRate('') },
    );
  };

  const columns: DataColumn<PayRate>[] = [
    { id: 'from', header: 'From', isRowHeader: true, cell: (row) => row.effectiveFrom },
    {
      id: 'rate',
      header: 'Hourly rate',
      className: 'tabular-nums',
      cell: (row) => `$${(row.hourlyCents / 100).toFixed(2)}`,
    },
    {
      id: 'actions',
      header: 'Actions',
      isActions: true,
      cell: (row) => (
        <Button
          size="sm"
          variant="outline"
          disabled={change.isPending}
          onClick={() => change.mutate({ method: 'DELETE', url: `/api/payroll/rates/${row.id}` })}
        >
          Remove rate from {row.effectiveFrom}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pay rates</CardTitle>
        <CardDescription>
          Optional hourly rates from a date on; without one, timesheets and exports work in hours.
          Only admins (and each person, on their own timesheet) see rates.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={people}>
          {(data) => (
            <Field id="rates-person" label="Person" className="grid max-w-sm gap-1">
              <Select
                value={userId}
                onChange={(event) => {
                  setUserId(event.target.value);
                  setEmployeeNumber(null);
                }}
              >
                <option value="">Choose a person</option>
                {data.people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                    {p.employeeNumber ? ` (${p.employeeNumber})` : ''}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </QueryState>
        {person && (
          <>
            <form
              className="flex flex-wrap items-end gap-3"
              aria-label="Employee number"
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate({
                  method: 'PUT',
                  url: `/api/payroll/people/${person.id}/employee-number`,
                  body: { employeeNumber: employeeNumber ?? person.employeeNumber ?? '' },
                });
              }}
            >
              <Field id="employee-number" label="Employee number">
                <Input
                  value={employeeNumber ?? person.employeeNumber ?? ''}
                  onChange={(event) => setEmployeeNumber(event.target.value)}
                />
              </Field>
              <Button type="submit" variant="outline" disabled={change.isPending}>
                Save employee number
              </Button>
            </form>
            <DataTable
              label={`Rates of ${person.name}`}
              columns={columns}
              rows={person.rates}
              rowKey={(row) => row.id}
              emptyMessage="No rate: this person is paid in hours only."
            />
            <form
              className="flex flex-wrap items-end gap-3"
              aria-label="Add a rate"
              onSubmit={addRate}
            >
              <Field id="rate-from" label="Effective from">
                <Input
                  type="date"
                  value={effectiveFrom}
                  onChange={(event) => setEffectiveFrom(event.target.value)}
                />
              </Field>
              <Field id="rate-dollars" label="Hourly rate ($)">
                <Input
                  inputMode="decimal"
                  value={rate}
                  onChange={(event) => setRate(event.target.value)}
                />
              </Field>
              <Button type="submit" disabled={change.isPending}>
                Add rate
              </Button>
            </form>
          </>
        )}
        {(formError ?? change.error) && (
          <p role="alert" className="text-sm text-destructive">
            {formError ?? change.error?.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
