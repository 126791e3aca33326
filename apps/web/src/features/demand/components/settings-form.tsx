import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactElement } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  demandSettingsInputSchema,
  type DemandSettings,
} from '@punchclock/shared/contracts/demand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { contractResolver } from '@/lib/zod-resolver';
import { demandSettingsQueryOptions, useSaveDemandSettings } from '../api';
import { formToSettingsInput, settingsToForm, type SettingsFormValues } from '../demand-planner';

const resolver = contractResolver<SettingsFormValues>(
  demandSettingsInputSchema,
  formToSettingsInput,
);

/** The contract names minutes; the form shows hours: each form field reads its contract key's error. */
const CONTRACT_KEYS: Partial<Record<keyof SettingsFormValues, string>> = {
  shiftLengthsHours: 'shiftLengthsMinutes',
  minWeekHours: 'minWeekMinutes',
  maxWeekHours: 'maxWeekMinutes',
};

function SettingsFields({ teamId, settings }: { teamId: string; settings: DemandSettings }) {
  const { t } = useLingui();
  const save = useSaveDemandSettings();
  const { register, handleSubmit, reset, formState, setError } = useForm<SettingsFormValues>({
    resolver,
    defaultValues: settingsToForm(settings),
  });
  useEffect(() => reset(settingsToForm(settings)), [settings, reset]);
  const errors = formState.errors as FieldErrors<Record<string, string>>;
  const errorOf = (name: keyof SettingsFormValues) =>
    errors[CONTRACT_KEYS[name] ?? name]?.message ?? errors[name]?.message;

  const field = (
    name: keyof SettingsFormValues,
    label: string,
    control: ReactElement,
    hint?: string,
  ) => (
    <Field
      id={`demand-settings-${name}`}
      label={label}
      hint={hint}
      error={errorOf(name)}
      className="grid content-start gap-1"
    >
      {control}
    </Field>
  );
  const number = (name: keyof SettingsFormValues, step = 'any') => (
    <Input type="number" inputMode="decimal" step={step} {...register(name)} />
  );

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { teamId, input: formToSettingsInput(values) },
      { onError: (error) => setError('root', { message: error.message }) },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t`Demand settings`}>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-medium">
          <Trans>Service target</Trans>
        </legend>
        {field(
          'intervalMinutes',
          t`Interval`,
          <Select {...register('intervalMinutes')}>
            <option value="15">{t`15 minutes`}</option>
            <option value="30">{t`30 minutes`}</option>
          </Select>,
        )}
        {field('serviceLevelPercent', t`Service level (%)`, number('serviceLevelPercent'))}
        {field(
          'answerSeconds',
          t`Answered within (seconds)`,
          number('answerSeconds', '1'),
          t`E.g. 80% of contacts answered within 20 seconds.`,
        )}
        {field(
          'shrinkagePercent',
          t`Shrinkage (%)`,
          number('shrinkagePercent'),
          t`Paid time not spent on contacts: breaks, training, absence.`,
        )}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-medium">
          <Trans>Shifts the auto-fill may build</Trans>
        </legend>
        {field(
          'shiftLengthsHours',
          t`Shift lengths (hours)`,
          <Input autoComplete="off" {...register('shiftLengthsHours')} />,
          t`Lunch included; several separated by spaces, e.g. 8 10.`,
        )}
        {field(
          'startStepMinutes',
          t`Shifts start every`,
          <Select {...register('startStepMinutes')}>
            <option value="15">{t`15 minutes`}</option>
            <option value="30">{t`30 minutes`}</option>
            <option value="60">{t`60 minutes`}</option>
          </Select>,
        )}
        {field(
          'earliestStart',
          t`Earliest start`,
          <Input type="time" step={900} {...register('earliestStart')} />,
        )}
        {field(
          'latestEnd',
          t`Latest end`,
          <Input type="time" step={900} {...register('latestEnd')} />,
          t`Not after the earliest start: the next day.`,
        )}
        {field(
          'lunchMinutes',
          t`Lunch (minutes)`,
          number('lunchMinutes', '1'),
          t`Unpaid, in the middle of shifts of 6 hours or more.`,
        )}
        {field('breakDurationMins', t`Breaks (minutes)`, number('breakDurationMins', '1'))}
        {field('minWeekHours', t`Minimum hours a week per person`, number('minWeekHours'))}
        {field('maxWeekHours', t`Maximum hours a week per person`, number('maxWeekHours'))}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-medium">
          <Trans>Costs the auto-fill weighs</Trans>
        </legend>
        {field(
          'underCoverHourCost',
          t`Cost of a missing person-hour`,
          number('underCoverHourCost'),
        )}
        {field('overCoverHourCost', t`Cost of an extra person-hour`, number('overCoverHourCost'))}
        {field(
          'preferNotCost',
          t`Cost of a “prefer not” shift`,
          number('preferNotCost'),
          t`A shift in time a person prefers not to work.`,
        )}
      </fieldset>
      <FieldError id="demand-settings-error" message={errors.root?.message} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save settings</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The team's demand settings, hours where people read hours. */
export function SettingsForm({ teamId }: { teamId: string }) {
  const settings = useQuery(demandSettingsQueryOptions(teamId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Demand settings</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            How requirements are computed from workload, and what shifts and costs the auto-fill
            uses.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings}>
          {(data) => <SettingsFields teamId={teamId} settings={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
