import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  allowanceInputSchema,
  timeOffTypeInputSchema,
  type AllowancesOverview,
  type TimeOffType,
  type TimeOffTypeInput,
} from '@punchclock/shared/contracts/time-off';
import { LEAVE_PAY_CODES } from '@punchclock/shared/domain/pay/pay-codes';
import { formatDays } from '@punchclock/shared/domain/time-off';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { contractResolver } from '@/lib/zod-resolver';
import {
  allowancesQueryOptions,
  timeOffTypesQueryOptions,
  useTimeOffSettingsMutations,
} from './api';

// Admins manage the kinds of time off and the yearly allowances here (issue #14, item 5):
// Vacation never goes below Ontario's minimum, which the screen shows beside what was set.

interface TypeFormValues {
  name: string;
  isPaid: boolean;
  isUnlimited: boolean;
  isStatutoryVacation: boolean;
  isArchived: boolean;
  payCode: string;
}

const toTypeInput = (values: TypeFormValues): TimeOffTypeInput => ({
  ...values,
  payCode: (values.payCode || null) as TimeOffTypeInput['payCode'],
});
const typeResolver = contractResolver<TypeFormValues>(timeOffTypeInputSchema, toTypeInput);

function TypeDialog({ type, onClose }: { type: TimeOffType | 'new' | null; onClose: () => void }) {
  const { t } = useLingui();
  const { saveType } = useTimeOffSettingsMutations();
  const { register, handleSubmit, reset, formState, setError } = useForm<TypeFormValues>({
    resolver: typeResolver,
  });
  useEffect(() => {
    if (!type) return;
    reset(
      type === 'new'
        ? {
            name: '',
            isPaid: true,
            isUnlimited: false,
            isStatutoryVacation: false,
            isArchived: false,
            payCode: '',
          }
        : { ...type, payCode: type.payCode ?? '' },
    );
  }, [type, reset]);
  const onSubmit = handleSubmit((input) =>
    saveType.mutate(
      { id: type && type !== 'new' ? type.id : null, input: toTypeInput(input) },
      { onSuccess: onClose, onError: (error) => setError('root', { message: error.message }) },
    ),
  );
  const checkbox = (
    name: Exclude<keyof TypeFormValues, 'name' | 'payCode'>,
    label: string,
    hint: string,
  ) => (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-1 accent-primary" {...register(name)} />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
  return (
    <Dialog open={type !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>
          {type === 'new' ? t`Add a type of time off` : t`Edit type of time off`}
        </DialogTitle>
        <DialogDescription>
          <Trans>People choose it when they ask for time off.</Trans>
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="type-name" label={t`Name`} error={formState.errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          {checkbox('isPaid', t`Paid`, t`Counts as paid leave in hours and pay.`)}
          {checkbox('isUnlimited', t`Unlimited`, t`No yearly allowance: requests are not counted.`)}
          {checkbox(
            'isStatutoryVacation',
            t`Ontario vacation minimum`,
            t`Allowances never go below 2 weeks a year (3 after 5 years), pro-rated in the hire year.`,
          )}
          <Field
            id="type-pay-code"
            label={t`Payroll pay code`}
            hint={t`The code its hours are exported under.`}
            error={formState.errors.payCode?.message}
          >
            <Select {...register('payCode')}>
              <option value="">{t`Default (paid: VAC, unpaid: UNPAID)`}</option>
              {LEAVE_PAY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          {type !== 'new' &&
            checkbox('isArchived', t`Archived`, t`No longer offered for new requests.`)}
          <FieldError id="type-form-error" message={formState.errors.root?.message} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={saveType.isPending}>
              {saveType.isPending ? t`Saving...` : t`Save type`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Whose allowance the dialog sets: one team's default or one person's own. */
interface AllowanceTarget {
  kind: 'team' | 'person';
  id: string;
  name: string;
  /** Days ×100 already set, by type id, to start the field from. */
  current: Record<string, number | null>;
  /** The statutory floor by type id (people only). */
  minimum: Record<string, number>;
}

interface AllowanceFormValues {
  typeId: string;
  days: string;
}

function AllowanceDialog({
  target,
  year,
  types,
  onClose,
}: {
  target: AllowanceTarget | null;
  year: number;
  types: TimeOffType[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { setAllowance } = useTimeOffSettingsMutations();
  const toInput = (values: AllowanceFormValues) => ({
    typeId: values.typeId,
    year,
    userId: target?.kind === 'person' ? target.id : null,
    teamId: target?.kind === 'team' ? target.id : null,
    days: values.days === '' ? Number.NaN : Number(values.days),
  });
  const { register, handleSubmit, reset, formState, setError, control } =
    useForm<AllowanceFormValues>({
      resolver: contractResolver<AllowanceFormValues>(allowanceInputSchema, toInput),
    });
  useEffect(() => {
    if (!target) return;
    const typeId = types[0]?.id ?? '';
    const current = target.current[typeId];
    reset({ typeId, days: current == null ? '' : String(current / 100) });
  }, [target, types, reset]);
  const typeId = useWatch({ control, name: 'typeId' });
  const minimum = target?.minimum[typeId] ?? 0;
  const name = target?.name;
  const days = formatDays(minimum);
  const onSubmit = handleSubmit((values) =>
    setAllowance.mutate(toInput(values), {
      onSuccess: onClose,
      onError: (error) => setError('root', { message: error.message }),
    }),
  );
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>
          {target?.kind === 'team' ? t`Default for ${name}` : t`Allowance for ${name}`}
        </DialogTitle>
        <DialogDescription>
          {target?.kind === 'team'
            ? t`Everyone in the team without their own allowance gets this in ${year}.`
            : t`Their own allowance for ${year} replaces their team's default.`}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field id="allowance-type" label={t`Type of time off`}>
            <Select {...register('typeId')}>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="allowance-days"
            label={t`Working days`}
            hint={minimum > 0 ? t`At least ${days} (Ontario ESA minimum).` : undefined}
            error={formState.errors.days?.message}
          >
            <Input type="number" inputMode="decimal" step="0.5" min="0" {...register('days')} />
          </Field>
          <FieldError id="allowance-form-error" message={formState.errors.root?.message} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={setAllowance.isPending}>
              {setAllowance.isPending ? t`Saving...` : t`Save allowance`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type PersonRow = AllowancesOverview['people'][number];
type TeamRow = AllowancesOverview['teams'][number];

function AllowanceTables({
  data,
  onEdit,
}: {
  data: AllowancesOverview;
  onEdit: (target: AllowanceTarget) => void;
}) {
  const { t } = useLingui();
  const limited = data.types.filter((type) => !type.isUnlimited);
  const teamName = new Map(data.teams.map((team) => [team.teamId, team.teamName]));
  const teamColumns: DataColumn<TeamRow>[] = [
    { id: 'team', header: t`Team`, isRowHeader: true, cell: (team) => team.teamName },
    ...limited.map((type) => ({
      id: type.id,
      header: type.name,
      className: 'tabular-nums',
      cell: (team: TeamRow) => {
        const days = team.defaults[type.id];
        return days === undefined ? t`Not set` : formatDays(days);
      },
    })),
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (team) => {
        const teamName = team.teamName;
        return (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              onEdit({
                kind: 'team',
                id: team.teamId,
                name: team.teamName,
                current: team.defaults,
                minimum: {},
              })
            }
          >
            <Trans>
              Set default<span className="sr-only"> for {teamName}</span>
            </Trans>
          </Button>
        );
      },
    },
  ];
  const personColumns: DataColumn<PersonRow>[] = [
    { id: 'name', header: t`Person`, isRowHeader: true, cell: (person) => person.name },
    {
      id: 'team',
      header: t`Team`,
      cell: (person) => (person.teamId ? (teamName.get(person.teamId) ?? '') : t`No team`),
    },
    {
      id: 'hired',
      header: t`Hire date`,
      className: 'tabular-nums',
      cell: (person) => {
        const hireDate = person.hireDate;
        return person.hireDateIsRecorded ? (
          hireDate
        ) : (
          <span title={t`No hire date recorded: the day the account was made counts`}>
            <Trans>
              {hireDate} <span className="text-muted-foreground">(account made)</span>
            </Trans>
          </span>
        );
      },
    },
    ...limited.map((type) => ({
      id: type.id,
      header: type.name,
      className: 'tabular-nums',
      cell: (person: PersonRow) => {
        const row = person.allowances.find((each) => each.typeId === type.id);
        if (!row) return null;
        const source =
          row.ownX100 !== null && row.ownX100 >= row.minimumX100
            ? t`own`
            : row.teamX100 !== null && row.teamX100 >= row.minimumX100
              ? t`team`
              : row.minimumX100 > 0
                ? t`ESA minimum`
                : t`not set`;
        const days = formatDays(row.inForceX100);
        return (
          <span>
            <Trans>
              {days} <span className="text-xs text-muted-foreground">({source})</span>
            </Trans>
          </span>
        );
      },
    })),
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (person) => {
        const name = person.name;
        return (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              onEdit({
                kind: 'person',
                id: person.userId,
                name: person.name,
                current: Object.fromEntries(
                  person.allowances.map((row) => [row.typeId, row.ownX100]),
                ),
                minimum: Object.fromEntries(
                  person.allowances.map((row) => [row.typeId, row.minimumX100]),
                ),
              })
            }
          >
            <Trans>
              Set allowance<span className="sr-only"> for {name}</span>
            </Trans>
          </Button>
        );
      },
    },
  ];
  return (
    <>
      <section className="grid gap-2" aria-labelledby="team-defaults-heading">
        <h3 id="team-defaults-heading" className="font-semibold">
          <Trans>Team defaults</Trans>
        </h3>
        <DataTable
          label={t`Team defaults`}
          columns={teamColumns}
          rows={data.teams}
          rowKey={(team) => team.teamId}
          emptyMessage={t`No teams yet.`}
        />
      </section>
      <section className="grid gap-2" aria-labelledby="people-allowances-heading">
        <h3 id="people-allowances-heading" className="font-semibold">
          <Trans>People</Trans>
        </h3>
        <DataTable
          label={t`Allowances in force`}
          columns={personColumns}
          rows={data.people}
          rowKey={(person) => person.userId}
          rowTestId="allowance-row"
          emptyMessage={t`No people yet.`}
        />
      </section>
    </>
  );
}

export default function TimeOffSettingsPage() {
  const { t } = useLingui();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const types = useQuery(timeOffTypesQueryOptions);
  const allowances = useQuery(allowancesQueryOptions(year));
  const [editingType, setEditingType] = useState<TimeOffType | 'new' | null>(null);
  const [target, setTarget] = useState<AllowanceTarget | null>(null);

  const typeColumns: DataColumn<TimeOffType>[] = [
    { id: 'name', header: t`Name`, isRowHeader: true, cell: (type) => type.name },
    { id: 'paid', header: t`Pay`, cell: (type) => (type.isPaid ? t`Paid` : t`Unpaid`) },
    {
      id: 'code',
      header: t`Pay code`,
      cell: (type) => type.payCode ?? (type.isPaid ? 'VAC' : 'UNPAID'),
    },
    {
      id: 'limit',
      header: t`Allowance`,
      cell: (type) =>
        type.isUnlimited
          ? t`Unlimited`
          : type.isStatutoryVacation
            ? t`Yearly, at least the ESA minimum`
            : t`Yearly`,
    },
    {
      id: 'status',
      header: t`Status`,
      cell: (type) =>
        type.isArchived ? (
          <Badge variant="secondary">
            <Trans>Archived</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Offered</Trans>
          </Badge>
        ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (type) => {
        const name = type.name;
        return (
          <Button size="sm" variant="outline" onClick={() => setEditingType(type)}>
            <Trans>
              Edit<span className="sr-only"> {name}</span>
            </Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-7xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Time Off Settings</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            The kinds of time off people can ask for, and how many days each person has a year.
          </Trans>
        </p>
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>
            <Trans>Types of time off</Trans>
          </CardTitle>
          <Button size="sm" onClick={() => setEditingType('new')}>
            <Plus aria-hidden /> <Trans>Add type</Trans>
          </Button>
        </CardHeader>
        <CardContent>
          <QueryState query={types}>
            {(data) => (
              <DataTable
                label={t`Types of time off`}
                columns={typeColumns}
                rows={data.types}
                rowKey={(type) => type.id}
                emptyMessage={t`No types yet.`}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>
            <Trans>Allowances for {year}</Trans>
          </CardTitle>
          <div className="flex items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={t`Previous year`}
              onClick={() => setYear(year - 1)}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={t`Next year`}
              onClick={() => setYear(year + 1)}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6">
          <p className="text-sm text-muted-foreground">
            <Trans>
              Vacation is never less than Ontario&apos;s minimum: 2 weeks a year, 3 weeks from the
              year that starts with 5 completed years of employment, pro-rated in the year of hire.
            </Trans>
          </p>
          <QueryState query={allowances}>
            {(data) => <AllowanceTables data={data} onEdit={setTarget} />}
          </QueryState>
        </CardContent>
      </Card>
      <TypeDialog type={editingType} onClose={() => setEditingType(null)} />
      <AllowanceDialog
        target={target}
        year={year}
        types={(allowances.data?.types ?? []).filter((type) => !type.isUnlimited)}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
