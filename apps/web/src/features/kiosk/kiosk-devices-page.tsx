import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  ENROLMENT_CODE_MINUTES,
  createEnrolmentCodeRequestSchema,
  type EnrolmentCodeResponse,
  type KioskDevice,
} from '@punchclock/shared/contracts/kiosk';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import {
  kioskDevicesQueryKey,
  kioskDevicesQueryOptions,
  useCreateEnrolmentCode,
  useRevokeKioskDevice,
} from './api';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { useSession } from '@/lib/session';

function formatWhen(iso: string | null, timeZone: string): string {
  if (!iso) return tNow`Never`;
  return formatBusinessDateTime(iso, timeZone);
}

/** "ABCD-EFGH": the code in two halves, easier to read across a room. */
function spacedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** /kiosk-devices: make a device a shared clock, see the devices, revoke one. */
export default function KioskDevicesPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { timeZone } = useSession();
  const devices = useQuery(kioskDevicesQueryOptions);
  const revoke = useRevokeKioskDevice();

  const columns: DataColumn<KioskDevice>[] = [
    {
      id: 'name',
      header: t`Device`,
      isRowHeader: true,
      // A name the admin gave, not words to translate ("Front door tablet" stays as typed).
      cell: (device) => <span translate="no">{device.name}</span>,
    },
    {
      id: 'enrolled',
      header: t`Set up`,
      cell: (device) => formatWhen(device.createdAt, timeZone),
    },
    {
      id: 'lastSeen',
      header: t`Last seen`,
      cell: (device) => formatWhen(device.lastSeenAt, timeZone),
    },
    {
      id: 'status',
      header: t`Status`,
      cell: (device) => {
        if (!device.revokedAt) {
          return (
            <Badge variant="success">
              <Trans>Active</Trans>
            </Badge>
          );
        }
        const when = formatWhen(device.revokedAt, timeZone);
        return (
          <Badge variant="destructive">
            <Trans>Revoked {when}</Trans>
          </Badge>
        );
      },
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (device) => {
        if (device.revokedAt) return null;
        const name = device.name;
        return (
          <Button
            size="sm"
            variant="outline"
            disabled={revoke.isPending}
            onClick={() =>
              window.confirm(
                t`Revoke ${name}? It stops recording punches at once; setting it up again needs a new code.`,
              ) && revoke.mutate(device)
            }
          >
            <Trans>
              Revoke
              <span className="sr-only" translate="no">
                {' '}
                {name}
              </span>
            </Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Kiosk Devices</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Tablets and computers where people clock in with their employee number and a PIN. A
            kiosk shows no list of people and records who punched where.
          </Trans>
        </p>
      </div>
      <AddKioskCard
        timeZone={timeZone}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: kioskDevicesQueryKey })}
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Devices</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={devices}>
            {(data) => (
              <DataTable
                label={t`Kiosk devices`}
                columns={columns}
                rows={data.devices}
                rowKey={(device) => device.id}
                rowTestId="kiosk-device-row"
                emptyMessage={t`No kiosks yet. Create a code above, then enter it on the device.`}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

function AddKioskCard({ timeZone, onCreated }: { timeZone: string; onCreated: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<EnrolmentCodeResponse | null>(null);
  const create = useCreateEnrolmentCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createEnrolmentCodeRequestSchema.safeParse({ name });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setCreated(answer);
        setName('');
        onCreated();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  const kioskUrl = `${window.location.origin}/kiosk`;
  const minutes = ENROLMENT_CODE_MINUTES;
  const deviceName = created?.deviceName;
  const validUntil = created ? formatWhen(created.expiresAt, timeZone) : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Add a kiosk</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Name the device, create a code, then open <code>{kioskUrl}</code> on it and enter the
            code. A code works once, for {minutes} minutes.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={onSubmit}
          noValidate
          aria-label={t`Add a kiosk`}
        >
          <Field id="kiosk-name" label={t`Device name`} error={error} className="grid flex-1 gap-1">
            <Input
              value={name}
              placeholder={t`Front door tablet`}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
            <KeyRound aria-hidden />
            <Trans>Create code</Trans>
          </Button>
        </form>
        {created && (
          <div className="rounded-lg border bg-muted p-4" role="status">
            <p className="text-sm">
              <Trans>
                Code for <span className="font-medium">{deviceName}</span>, valid until {validUntil}
                :
              </Trans>
            </p>
            <p
              className="mt-2 font-mono text-3xl font-semibold tracking-widest"
              data-testid="enrolment-code"
            >
              {spacedCode(created.code)}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
