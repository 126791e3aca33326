import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  setMyKioskPinRequestSchema,
  type KioskPinStatus,
  type MyKioskPinResponse,
} from '@punchclock/shared/contracts/kiosk';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { kioskPinStatusQueryKey, kioskPinStatusQueryOptions, setMyKioskPin } from './api';
import { toast } from '@/lib/toast';

function describe(status: KioskPinStatus | undefined): string {
  if (!status) return '';
  return status.isSet ? t`You have a PIN.` : t`Not set yet.`;
}

/** The PIN a person types at a shared kiosk with their employee number (#17). */
export function KioskPinForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const status = useQuery(kioskPinStatusQueryOptions);
  const save = useMutation({
    meta: { showsOwnError: true },
    mutationFn: setMyKioskPin,
    onSuccess: (reply) => {
      toast.success(t`Kiosk PIN saved`);
      queryClient.setQueryData<MyKioskPinResponse>(kioskPinStatusQueryKey, (before) => ({
        employeeNumber: before?.employeeNumber ?? null,
        ...reply,
      }));
      setCurrentPassword('');
      setPin('');
    },
    onError: (failure) => setError(failure.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setMyKioskPinRequestSchema.safeParse({ currentPassword, pin });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    save.mutate(parsed.data);
  };

  return (
    <form
      className="grid gap-3 border-t pt-4"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="kiosk-pin-heading"
    >
      <div>
        <h3 id="kiosk-pin-heading" className="font-medium">
          <Trans>Kiosk PIN</Trans>
        </h3>
        <p className="text-sm text-muted-foreground" data-testid="kiosk-pin-status">
          <Trans>For clocking in at a shared kiosk with your employee number.</Trans>{' '}
          {describe(status.data?.pin)}
        </p>
      </div>
      {status.data && <EmployeeNumber value={status.data.employeeNumber} />}
      <Field id="kiosk-pin-password" label={t`Your password (to confirm)`}>
        <Input
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
      </Field>
      <Field id="kiosk-pin-new" label={t`New PIN (4 to 8 digits)`} error={error}>
        <Input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        />
      </Field>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        <Trans>Save kiosk PIN</Trans>
      </Button>
    </form>
  );
}

/** The number the person types at a kiosk; only an admin gives or changes it (Payroll). */
function EmployeeNumber({ value }: { value: string | null }) {
  return (
    <dl className="grid gap-1 text-sm">
      <dt className="font-medium">
        <Trans>Your employee number</Trans>
      </dt>
      <dd data-testid="my-employee-number">
        {value === null ? (
          <span className="text-muted-foreground">
            <Trans>None yet: an admin gives it on the Payroll screen.</Trans>
          </span>
        ) : (
          <span className="font-mono" translate="no">
            {value}
          </span>
        )}
      </dd>
    </dl>
  );
}
