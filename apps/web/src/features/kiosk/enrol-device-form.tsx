import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { enrolDeviceRequestSchema } from '@punchclock/shared/contracts/kiosk';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { enrolThisDevice } from './api';

/** A device that is not a kiosk yet: redeem the one-time code an admin created for it. */
export function EnrolDeviceForm({ onEnrolled }: { onEnrolled: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const enrol = useMutation({
    meta: { showsOwnError: true },
    mutationFn: enrolThisDevice,
    onSuccess: onEnrolled,
    onError: (failure) => setError(failure.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (enrol.isPending) return;
    const parsed = enrolDeviceRequestSchema.safeParse({ code });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    enrol.mutate(parsed.data.code);
  };

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <MonitorSmartphone className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">
          <Trans>Set up this kiosk</Trans>
        </h1>
        <CardDescription>
          <Trans>
            An admin creates a code under Admin → Kiosk Devices. Enter it here to make this device a
            shared clock for your team.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={onSubmit}
          noValidate
          aria-label={t`Set up this kiosk`}
        >
          <Field id="enrolment-code" label={t`Enrolment code`} error={error}>
            <Input
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="h-12 text-center font-mono text-xl tracking-widest uppercase"
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" disabled={enrol.isPending} aria-busy={enrol.isPending}>
            {enrol.isPending ? t`Setting up…` : t`Set up kiosk`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
