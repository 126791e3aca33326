import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  assignmentInputSchema,
  ruleSetInputSchema,
  type RuleSetInput,
} from '@punchclock/shared/contracts/pay-rules';
import type { WeeklyRestRule } from '@punchclock/shared/domain/pay/labour-checks';
import { formatNumber } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Select } from '@/components/ui/select';
import { directoryQueryOptions, teamsQueryOptions } from '@/features/users';
import {
  assignmentsQueryOptions,
  ruleSetsQueryOptions,
  useAssignRuleSet,
  useCreateRuleSet,
} from './api';
import { AgreementsSection } from './agreements-section';
import { describeRuleSet, hoursToMinutes } from './describe';

const cell = 'px-3 py-2 text-left align-top';

/** A rule set's ESA warnings (decision 0039): saved all the same, but the admin should know. */
function RuleSetWarnings({ warnings, id }: { warnings: readonly string[]; id?: string }) {
  if (warnings.length === 0) return null;
  return (
    <ul
      id={id}
      className="mt-2 grid gap-1 rounded-md border border-warning/40 bg-warning/10 p-2 text-xs text-warning-text"
    >
      {warnings.map((warning) => (
        <li key={warning}>
          <span className="font-medium">
            <Trans>Warning:</Trans>
          </span>{' '}
          {warning}
        </li>
      ))}
    </ul>
  );
}

function RuleSetList() {
  const { t } = useLingui();
  const ruleSets = useQuery(ruleSetsQueryOptions);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Rule sets</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A rule set in force can no longer change: timesheets use it. To change the rules from a
            date, add a new rule set and assign it from that date.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={ruleSets}>
          {(data) => (
            <ScrollRegion label={t`Rule sets`}>
              <table className="w-full text-sm">
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className={cell}>
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col" className={cell}>
                      <Trans>Rules</Trans>
                    </th>
                    <th scope="col" className={cell}>
                      <Trans>In force since</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.ruleSets.map((ruleSet) => (
                    <tr key={ruleSet.id} className="border-b last:border-0">
                      <th scope="row" className={`${cell} font-medium`}>
                        {ruleSet.name}
                      </th>
                      <td className={cell}>
                        <ul>
                          {describeRuleSet(ruleSet).map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                        <RuleSetWarnings warnings={ruleSet.warnings} />
                      </td>
                      <td className={`${cell} tabular-nums`}>
                        {ruleSet.firstEffectiveDate ?? t`Not assigned`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AssignmentList() {
  const { t } = useLingui();
  /** Who an assignment applies to: the organisation, or a team's or person's name. */
  const targetLabel = (target: {
    kind: 'organisation' | 'team' | 'person';
    name?: string | null;
  }) => {
    if (target.kind === 'organisation') return t`Organisation`;
    const name = target.name ?? '';
    return target.kind === 'team' ? t`Team: ${name}` : t`Person: ${name}`;
  };
  const assignments = useQuery(assignmentsQueryOptions);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Assignments</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A person&apos;s own rule set beats their team&apos;s, a team&apos;s beats the
            organisation&apos;s. Each work week uses the rule set in force on its first day.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={assignments}>
          {(data) => (
            <ScrollRegion label={t`Assignments`}>
              <table className="w-full text-sm">
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className={cell}>
                      <Trans>Applies to</Trans>
                    </th>
                    <th scope="col" className={cell}>
                      <Trans>Rule set</Trans>
                    </th>
                    <th scope="col" className={cell}>
                      <Trans>From</Trans>
                    </th>
                    <th scope="col" className={cell}>
                      <Trans>Until</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.assignments.map((assignment) => {
                    const supersededFrom = assignment.supersededFrom;
                    return (
                      <tr key={assignment.id} className="border-b last:border-0">
                        <td className={cell}>{targetLabel(assignment.target)}</td>
                        <td className={cell}>{assignment.ruleSetName}</td>
                        <td className={`${cell} tabular-nums`}>{assignment.effectiveFrom}</td>
                        <td className={`${cell} tabular-nums`}>
                          {supersededFrom ? t`before ${supersededFrom}` : '—'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

interface RuleSetForm {
  name: string;
  weeklyHours: string;
  weeklyMultiplier: string;
  dailyHours: string;
  dailyMultiplier: string;
  secondDailyHours: string;
  secondDailyMultiplier: string;
  averaging: boolean;
  averagingWeeks: string;
  averagingStart: string;
  averagingEnd: string;
  bankToil: boolean;
  toilExpiryMonths: string;
  rounding: string;
  graceMinutes: string;
  weeklyRest: WeeklyRestRule;
}

const EMPTY_RULE_SET: RuleSetForm = {
  name: '',
  weeklyHours: '44',
  weeklyMultiplier: '1.5',
  dailyHours: '',
  dailyMultiplier: '1.5',
  secondDailyHours: '',
  secondDailyMultiplier: '2',
  averaging: false,
  averagingWeeks: '2',
  averagingStart: '',
  averagingEnd: '',
  bankToil: false,
  toilExpiryMonths: '3',
  rounding: 'none',
  graceMinutes: '5',
  weeklyRest: 'weekly_24',
};

function toRuleSetInput(form: RuleSetForm): RuleSetInput {
  const dailyTiers = [
    [form.dailyHours, form.dailyMultiplier],
    [form.secondDailyHours, form.secondDailyMultiplier],
  ]
    .filter(([after]) => after?.trim())
    .map(([after, multiplier]) => ({
      afterMinutes: hoursToMinutes(after ?? ''),
      multiplier: Number(multiplier),
    }));
  return {
    name: form.name,
    weeklyThresholdMinutes: hoursToMinutes(form.weeklyHours),
    weeklyMultiplier: Number(form.weeklyMultiplier),
    dailyTiers,
    averaging: form.averaging
      ? {
          weeks: Number(form.averagingWeeks),
          startDate: form.averagingStart,
          ...(form.averagingEnd ? { endDate: form.averagingEnd } : {}),
        }
      : null,
    bankToil: form.bankToil,
    toilExpiryMonths: Number(form.toilExpiryMonths),
    rounding:
      form.rounding === 'grace'
        ? { kind: 'grace', graceMinutes: Number(form.graceMinutes) }
        : form.rounding === 'none'
          ? { kind: 'none' }
          : { kind: 'nearest', stepMinutes: Number(form.rounding) as 5 | 6 | 15 },
    weeklyRest: form.weeklyRest,
  };
}

function SavedWithWarnings({ name }: { name: string }) {
  return <Trans>Added {name}, with warnings:</Trans>;
}

function NewRuleSetForm() {
  const { t } = useLingui();
  const create = useCreateRuleSet();
  const [form, setForm] = useState<RuleSetForm>(EMPTY_RULE_SET);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<{ name: string; warnings: string[] } | null>(null);
  const set =
    <K extends keyof RuleSetForm>(key: K) =>
    (value: RuleSetForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ruleSetInputSchema.safeParse(toRuleSetInput(form));
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    create.mutate(toRuleSetInput(form), {
      onSuccess: ({ ruleSet }) => {
        setForm(EMPTY_RULE_SET);
        setSaved({ name: ruleSet.name, warnings: ruleSet.warnings });
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>New rule set</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Ontario pays 1.5× after 44 hours in a work week; daily thresholds are optional.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t`New rule set`}>
          <Field id="rule-set-name" label={t`Name`}>
            <Input value={form.name} onChange={(event) => set('name')(event.target.value)} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="rule-set-weekly-hours" label={t`Weekly threshold (hours)`}>
              <Input
                inputMode="decimal"
                value={form.weeklyHours}
                onChange={(event) => set('weeklyHours')(event.target.value)}
              />
            </Field>
            <Field id="rule-set-weekly-rate" label={t`Weekly overtime rate`}>
              <Select
                value={form.weeklyMultiplier}
                onChange={(event) => set('weeklyMultiplier')(event.target.value)}
              >
                <option value="1.5">{`${formatNumber(1.5)}×`}</option>
                <option value="2">2×</option>
              </Select>
            </Field>
            <Field
              id="rule-set-daily-hours"
              label={t`Daily threshold (hours)`}
              hint={t`Leave empty for no daily overtime`}
            >
              <Input
                inputMode="decimal"
                value={form.dailyHours}
                onChange={(event) => set('dailyHours')(event.target.value)}
              />
            </Field>
            <Field id="rule-set-daily-rate" label={t`Daily overtime rate`}>
              <Select
                value={form.dailyMultiplier}
                onChange={(event) => set('dailyMultiplier')(event.target.value)}
              >
                <option value="1.5">{`${formatNumber(1.5)}×`}</option>
                <option value="2">2×</option>
              </Select>
            </Field>
            <Field
              id="rule-set-second-daily-hours"
              label={t`Second daily threshold (hours)`}
              hint={t`e.g. 12 for double time after 12 hours`}
            >
              <Input
                inputMode="decimal"
                value={form.secondDailyHours}
                onChange={(event) => set('secondDailyHours')(event.target.value)}
              />
            </Field>
            <Field id="rule-set-second-daily-rate" label={t`Second daily rate`}>
              <Select
                value={form.secondDailyMultiplier}
                onChange={(event) => set('secondDailyMultiplier')(event.target.value)}
              >
                <option value="2">2×</option>
                <option value="2.5">{`${formatNumber(2.5)}×`}</option>
              </Select>
            </Field>
          </div>
          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">
              <Trans>Averaging agreement</Trans>
            </legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.averaging}
                onChange={(event) => set('averaging')(event.target.checked)}
              />
              <Trans>Average hours over several weeks</Trans>
            </label>
            {form.averaging && (
              <div className="grid gap-3 sm:grid-cols-3">
                <Field id="rule-set-averaging-weeks" label={t`Weeks`}>
                  <Select
                    value={form.averagingWeeks}
                    onChange={(event) => set('averagingWeeks')(event.target.value)}
                  >
                    <option value="2">2</option>
                    <option value="3">3</option>
                    <option value="4">4</option>
                  </Select>
                </Field>
                <Field id="rule-set-averaging-start" label={t`Starts`}>
                  <Input
                    type="date"
                    value={form.averagingStart}
                    onChange={(event) => set('averagingStart')(event.target.value)}
                  />
                </Field>
                <Field id="rule-set-averaging-end" label={t`Ends (optional)`}>
                  <Input
                    type="date"
                    value={form.averagingEnd}
                    onChange={(event) => set('averagingEnd')(event.target.value)}
                  />
                </Field>
              </div>
            )}
          </fieldset>
          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">
              <Trans>Time off in lieu</Trans>
            </legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.bankToil}
                onChange={(event) => set('bankToil')(event.target.checked)}
              />
              <Trans>
                Bank overtime as time off in lieu (1.5 h per overtime hour) instead of paying it
              </Trans>
            </label>
            {form.bankToil && (
              <Field id="rule-set-toil-expiry" label={t`Must be taken within`}>
                <Select
                  value={form.toilExpiryMonths}
                  onChange={(event) => set('toilExpiryMonths')(event.target.value)}
                >
                  <option value="3">{t`3 months`}</option>
                  <option value="12">{t`12 months (written agreement)`}</option>
                </Select>
              </Field>
            )}
          </fieldset>
          <Field
            id="rule-set-weekly-rest"
            label={t`Weekly rest`}
            hint={t`Ontario lets the employer choose either (ESA s. 18(4)); timesheets flag what is missing`}
          >
            <Select
              value={form.weeklyRest}
              onChange={(event) => set('weeklyRest')(event.target.value as WeeklyRestRule)}
            >
              <option value="weekly_24">{t`24 hours off in a row in each work week`}</option>
              <option value="biweekly_48">
                {t`48 hours off in a row in every two work weeks`}
              </option>
            </Select>
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id="rule-set-rounding"
              label={t`Timesheet rounding`}
              hint={t`Applies to paid time only; punches never change`}
            >
              <Select
                value={form.rounding}
                onChange={(event) => set('rounding')(event.target.value)}
              >
                <option value="none">{t`None`}</option>
                <option value="5">{t`Nearest 5 minutes`}</option>
                <option value="6">{t`Nearest 6 minutes`}</option>
                <option value="15">{t`Nearest 15 minutes`}</option>
                <option value="grace">{t`Grace at shift start and end`}</option>
              </Select>
            </Field>
            {form.rounding === 'grace' && (
              <Field id="rule-set-grace" label={t`Grace (minutes)`}>
                <Input
                  inputMode="numeric"
                  value={form.graceMinutes}
                  onChange={(event) => set('graceMinutes')(event.target.value)}
                />
              </Field>
            )}
          </div>
          <FieldError id="rule-set-form-error" message={error} />
          {saved && saved.warnings.length > 0 && (
            <div role="status" className="text-sm">
              <SavedWithWarnings name={saved.name} />
              <RuleSetWarnings warnings={saved.warnings} />
            </div>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              <Trans>Add rule set</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function AssignForm() {
  const { t } = useLingui();
  const ruleSets = useQuery(ruleSetsQueryOptions);
  const teams = useQuery(teamsQueryOptions);
  const directory = useQuery(directoryQueryOptions);
  const assign = useAssignRuleSet();
  const [ruleSetId, setRuleSetId] = useState('');
  const [kind, setKind] = useState<'organisation' | 'team' | 'person'>('team');
  const [targetId, setTargetId] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [error, setError] = useState<string | undefined>();
  const chosenWarnings =
    ruleSets.data?.ruleSets.find((ruleSet) => ruleSet.id === ruleSetId)?.warnings ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target =
      kind === 'organisation'
        ? { kind }
        : kind === 'team'
          ? { kind, teamId: targetId }
          : { kind, userId: targetId };
    const parsed = assignmentInputSchema.safeParse({ ruleSetId, target, effectiveFrom });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    assign.mutate(parsed.data, {
      onSuccess: () => setEffectiveFrom(''),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Assign a rule set</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>It applies from the date on; the earlier assignment stays in the history.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={onSubmit}
          noValidate
          aria-label={t`Assign a rule set`}
        >
          <Field id="assign-rule-set" label={t`Rule set`}>
            <Select value={ruleSetId} onChange={(event) => setRuleSetId(event.target.value)}>
              <option value="">{t`Choose a rule set`}</option>
              {ruleSets.data?.ruleSets.map((ruleSet) => (
                <option key={ruleSet.id} value={ruleSet.id}>
                  {ruleSet.name}
                </option>
              ))}
            </Select>
          </Field>
          <RuleSetWarnings id="assign-rule-set-warnings" warnings={chosenWarnings} />
          <Field id="assign-target-kind" label={t`Applies to`}>
            <Select
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as typeof kind);
                setTargetId('');
              }}
            >
              <option value="organisation">{t`The organisation`}</option>
              <option value="team">{t`A team`}</option>
              <option value="person">{t`A person`}</option>
            </Select>
          </Field>
          {kind === 'team' && (
            <Field id="assign-team" label={t`Team`}>
              <Select value={targetId} onChange={(event) => setTargetId(event.target.value)}>
                <option value="">{t`Choose a team`}</option>
                {teams.data?.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {kind === 'person' && (
            <Field id="assign-person" label={t`Person`}>
              <Select value={targetId} onChange={(event) => setTargetId(event.target.value)}>
                <option value="">{t`Choose a person`}</option>
                {directory.data?.users.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name ?? person.email}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field id="assign-from" label={t`From`}>
            <Input
              type="date"
              value={effectiveFrom}
              onChange={(event) => setEffectiveFrom(event.target.value)}
            />
          </Field>
          <FieldError id="assign-form-error" message={error} />
          <div className="flex justify-end">
            <Button type="submit" disabled={assign.isPending}>
              <Trans>Assign</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /pay-rules (admin): overtime rule sets and who they apply to from when (decision 0016). */
export default function PayRulesPage() {
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Pay rules</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Overtime thresholds, averaging, time off in lieu and rounding for timesheets.
          </Trans>
        </p>
      </div>
      <RuleSetList />
      <AssignmentList />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <NewRuleSetForm />
        <AssignForm />
      </div>
      <AgreementsSection />
    </div>
  );
}
