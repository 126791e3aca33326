import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  missingPeriodStartMessage,
  setupFormSchema,
  type SetupPayPeriod,
} from '@punchclock/shared/contracts/setup';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/query-keys';
import { contractResolver } from '@/lib/zod-resolver';
import { useAdoptSession } from '@/features/auth';
import { completeSetup, setupLinkQueryOptions } from '../api';

interface SetupValues {
  organisationName: string;
  province: 'ON';
  payPeriod: SetupPayPeriod;
  payPeriodStart: string;
  name: string;
  email: string;
  password: string;
  demoData: boolean;
}

/** The fields each step shows, checked before the next step opens. */
const STEP_FIELDS = [
  ['organisationName', 'province'],
  ['payPeriod', 'payPeriodStart'],
  ['name', 'email', 'password'],
  ['demoData'],
] as const satisfies readonly (readonly (keyof SetupValues)[])[];

const resolver = contractResolver<SetupValues>(setupFormSchema);

/**
 * The link the server printed is /setup#<token>: the token is after "#", which browsers never
 * send, so it reaches the server only in the body of a POST (never an access log).
 */
function tokenOf(hash: string): string {
  const fragment = hash.slice(1);
  return fragment.startsWith('token=') ? fragment.slice('token='.length) : fragment;
}

function Frame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Building2 className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <CardDescription>
            <Trans>A few questions, then you are signed in as the first admin.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

/** Why the form cannot be shown: no link, a wrong or used one, or the instance is set up. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className="grid gap-4 text-center">
      <p role="alert" className="text-destructive">
        {message}
      </p>
      <Link to="/auth" className="font-medium text-primary underline underline-offset-4">
        <Trans>Go to sign in</Trans>
      </Link>
    </div>
  );
}

export default function SetupPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const adoptSession = useAdoptSession();
  // From the location, so a link pasted into this very tab (only the fragment changes) counts.
  const token = tokenOf(useLocation().hash);
  const [step, setStep] = useState(0);
  const link = useQuery(setupLinkQueryOptions(token));
  const form = useForm<SetupValues>({
    resolver,
    defaultValues: {
      organisationName: '',
      province: 'ON',
      payPeriod: 'biweekly',
      payPeriodStart: '',
      name: '',
      email: '',
      password: '',
      demoData: false,
    },
  });
  const { register, handleSubmit, trigger, control, setError, clearErrors, formState } = form;
  const errors = formState.errors;
  // Each step is checked on Next (trigger), which react-hook-form does not re-check on change as
  // it does after a submit: a field showing an error is checked again as it is corrected.
  const textField = (name: 'organisationName' | 'payPeriodStart' | 'name' | 'email' | 'password') =>
    register(name, {
      onChange: () => {
        if (form.getFieldState(name).error) void trigger(name);
      },
    });
  const payPeriod = useWatch({ control, name: 'payPeriod' });

  const submit = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (values: SetupValues) => completeSetup({ token, ...values }),
    onSuccess: ({ user }) => {
      // Signed in as the new admin, as after a sign-in.
      adoptSession(user);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate('/dashboard', { replace: true });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'common_password') {
        setStep(2);
        setError('password', { message: failure.message });
        return;
      }
      setError('root', { message: failure.message });
    },
  });

  const steps = [t`Your organisation`, t`Pay period`, t`First admin`, t`Demo data`];
  const isLast = step === steps.length - 1;

  const next = async () => {
    clearErrors('root');
    const isValid = await trigger([...(STEP_FIELDS[step] ?? [])]);
    // The whole form's rules stop at its first invalid field; the period's start is this step's.
    if (step === 1 && payPeriod !== 'semimonthly' && !form.getValues('payPeriodStart')) {
      setError('payPeriodStart', { message: missingPeriodStartMessage() });
      return;
    }
    if (isValid) setStep(step + 1);
  };

  if (!token) {
    return (
      <Frame title={<Trans>Set up Punchclock</Trans>}>
        <LinkProblem
          message={t`This page needs the one-time setup link printed on the server's console. The link is missing, or it has been used.`}
        />
      </Frame>
    );
  }
  if (link.isPending) return <FullPageSpinner />;
  if (link.isError) {
    return (
      <Frame title={<Trans>Set up Punchclock</Trans>}>
        <LinkProblem message={link.error.message} />
      </Frame>
    );
  }

  const stepTitle = steps[step] ?? '';
  const stepNumber = step + 1;
  const stepCount = steps.length;
  return (
    <Frame title={<Trans>Set up Punchclock</Trans>}>
      <ol className="mb-4 flex flex-wrap justify-center gap-x-3 gap-y-1 text-xs">
        {steps.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? 'step' : undefined}
            className={index === step ? 'font-semibold text-foreground' : 'text-muted-foreground'}
          >
            {index + 1}. {name}
          </li>
        ))}
      </ol>
      <form
        className="grid gap-4"
        noValidate
        aria-label={t`Set up Punchclock`}
        onSubmit={
          isLast
            ? handleSubmit((values) => submit.mutate(values))
            : (event) => {
                event.preventDefault();
                void next();
              }
        }
      >
        <h2 className="text-lg font-semibold" data-testid="setup-step">
          {t`Step ${stepNumber} of ${stepCount}: ${stepTitle}`}
        </h2>
        {step === 0 && (
          <>
            <Field
              id="setup-organisation"
              label={t`Organisation name`}
              error={errors.organisationName?.message}
              className="grid gap-2"
            >
              <Input autoComplete="organization" {...textField('organisationName')} />
            </Field>
            <Field
              id="setup-province"
              label={t`Province rules`}
              hint={t`Overtime, breaks, public holidays and vacation follow this province's employment standards. Only Ontario is available for now; other provinces will come later.`}
              error={errors.province?.message}
              className="grid gap-2"
            >
              <Select {...register('province')}>
                <option value="ON">{t`Ontario (Employment Standards Act)`}</option>
              </Select>
            </Field>
          </>
        )}
        {step === 1 && (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">
                <Trans>How often are people paid?</Trans>
              </legend>
              {(
                [
                  ['weekly', t`Weekly`],
                  ['biweekly', t`Every two weeks (bi-weekly)`],
                  ['semimonthly', t`Twice a month (1st–15th and 16th–end of month)`],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={value}
                    className="accent-primary"
                    {...register('payPeriod')}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {payPeriod !== 'semimonthly' && (
              <Field
                id="setup-period-start"
                label={t`First day of a pay period`}
                hint={t`Any one period's first day, past or future: for example the first day of the current one.`}
                error={errors.payPeriodStart?.message}
                className="grid gap-2"
              >
                <Input type="date" {...textField('payPeriodStart')} />
              </Field>
            )}
          </>
        )}
        {step === 2 && (
          <>
            <p className="text-sm text-muted-foreground">
              <Trans>You will be the first admin, and signed in when the setup is done.</Trans>
            </p>
            <Field
              id="setup-name"
              label={t`Your name`}
              error={errors.name?.message}
              className="grid gap-2"
            >
              <Input autoComplete="name" {...textField('name')} />
            </Field>
            <Field
              id="setup-email"
              label={t`Email`}
              error={errors.email?.message}
              className="grid gap-2"
            >
              <Input type="email" autoComplete="username" {...textField('email')} />
            </Field>
            <Field
              id="setup-password"
              label={t`Password`}
              hint={t`At least 8 characters, with an uppercase letter and a number.`}
              error={errors.password?.message}
              className="grid gap-2"
            >
              <Input type="password" autoComplete="new-password" {...textField('password')} />
            </Field>
          </>
        )}
        {step === 3 && (
          <div className="grid gap-1">
            <label className="flex items-start gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="mt-1 accent-primary"
                aria-describedby="setup-demo-hint"
                {...register('demoData')}
              />
              <Trans>Add demo data</Trans>
            </label>
            <p id="setup-demo-hint" className="text-xs text-muted-foreground">
              <Trans>
                A sample company around you: people in three teams, schedules and 30 days of
                punches, to try Punchclock out. Their passwords are not shown; reset one from User
                Management to see their view. Leave it off for real use.
              </Trans>
            </p>
          </div>
        )}
        <FieldError id="setup-error" message={errors.root?.message} />
        <div className="flex justify-between gap-2">
          {step > 0 ? (
            <Button type="button" variant="outline" onClick={() => setStep(step - 1)}>
              <Trans>Back</Trans>
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={submit.isPending}>
            {isLast ? (submit.isPending ? t`Setting up...` : t`Set up Punchclock`) : t`Next`}
          </Button>
        </div>
      </form>
    </Frame>
  );
}
