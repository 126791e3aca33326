import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PayRate } from '@punchclock/shared/contracts/payroll';
import { currentLocale, formatNumber } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { payrollChanges, peopleQueryOptions, usePayrollChange } from './api';

/** "23.50" → 2350 cents; NaN when it is not a money amount (the server refuses the rest). */
export function dollarsToCents(text: string): number {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** Cents as dollars: "$23.50" in English as before, the reader's own form elsewhere. */
function money(cents: number): string {
  const dollars = cents / 100;
  if (currentLocale() === 'en') return `$${dollars.toFixed(2)}`;
  return formatNumber(dollars, { style: 'currency', currency: 'CAD' });
}

/** Per person: the employee number the payroll system knows, and effective-dated hourly rates. */
export function RatesSection() {
  const { t } = useLingui();
  const people = useQuery(peopleQueryOptions);
  const [userId, setUserId] = useState('');
  const [employeeNumber, setEmployeeNumber] = useState<string | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [rate, setRate] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const change = usePayrollChange();
  const person = people.data?.people.find((p) => p.id === userId);
  const personName = person?.name ?? '';

  const addRate = (event: FormEvent) => {
    event.preventDefault();
    const hourlyCents = dollarsToCents(rate);
    if (Number.isNaN(hourlyCents)) {
      setFormError(t`Give the rate as dollars and cents, e.g. 23.50`);
      return;
    }
    setFormError(null);
    change.mutate(() => payrollChanges.addRate({ userId, effectiveFrom, hourlyCents }), {
      onSuccess: () => setRate(''),
    });
  };

  const columns: DataColumn<PayRate>[] = [
    { id: 'from', header: t`From`, isRowHeader: true, cell: (row) => row.effectiveFrom },
    {
      id: 'rate',
      header: t`Hourly rate`,
      className: 'tabular-nums',
      cell: (row) => money(row.hourlyCents),
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: ({ id, effectiveFrom }) => (
        <Button
          size="sm"
          variant="outline"
          disabled={change.isPending}
          onClick={() => change.mutate(() => payrollChanges.removeRate(id))}
        >
          <Trans>Remove rate from {effectiveFrom}</Trans>
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Pay rates</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Optional hourly rates from a date on; without one, timesheets and exports work in hours.
            Only admins (and each person, on their own timesheet) see rates.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={people}>
          {(data) => (
            <Field id="rates-person" label={t`Person`} className="grid max-w-sm gap-1">
              <Select
                value={userId}
                onChange={(event) => {
                  setUserId(event.target.value);
                  setEmployeeNumber(null);
                }}
              >
                <option value="">{t`Choose a person`}</option>
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
              aria-label={t`Employee number`}
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate(() =>
                  payrollChanges.setEmployeeNumber(
                    person.id,
                    employeeNumber ?? person.employeeNumber ?? '',
                  ),
                );
              }}
            >
              <Field id="employee-number" label={t`Employee number`}>
                <Input
                  value={employeeNumber ?? person.employeeNumber ?? ''}
                  onChange={(event) => setEmployeeNumber(event.target.value)}
                />
              </Field>
              <Button type="submit" variant="outline" disabled={change.isPending}>
                <Trans>Save employee number</Trans>
              </Button>
            </form>
            <DataTable
              label={t`Rates of ${personName}`}
              columns={columns}
              rows={person.rates}
              rowKey={(row) => row.id}
              emptyMessage={t`No rate: this person is paid in hours only.`}
            />
            <form
              className="flex flex-wrap items-end gap-3"
              aria-label={t`Add a rate`}
              onSubmit={addRate}
            >
              <Field id="rate-from" label={t`Effective from`}>
                <Input
                  type="date"
                  value={effectiveFrom}
                  onChange={(event) => setEffectiveFrom(event.target.value)}
                />
              </Field>
              <Field id="rate-dollars" label={t`Hourly rate ($)`}>
                <Input
                  inputMode="decimal"
                  value={rate}
                  onChange={(event) => setRate(event.target.value)}
                />
              </Field>
              <Button type="submit" disabled={change.isPending}>
                <Trans>Add rate</Trans>
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
