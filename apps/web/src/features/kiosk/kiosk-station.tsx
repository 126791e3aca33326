import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ScanLine } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  identifyAtKioskRequestSchema,
  type IdentifyAtKioskResponse,
} from '@punchclock/shared/contracts/kiosk';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { identifyAtKiosk, isDeviceRefused } from './api';
import { BadgeScanner } from './badge-scanner';
import { OfflinePanel } from './offline-panel';
import { PersonPanel } from './person-panel';
import { PinPad } from './pin-pad';
import type { OfflinePunch } from './use-kiosk-queue';

const PIN_MAX_LENGTH = 8;

/** A half-typed number or PIN left behind is wiped after this long without a keystroke. */
const ABANDONED_ENTRY_MS = 30_000;

type Credentials = { employeeNumber: string; pin: string };
type Step =
  | { kind: 'identify'; notice?: string }
  | { kind: 'person'; identified: IdentifyAtKioskResponse; credentials: Credentials }
  | { kind: 'offline'; credentials: Credentials };

/**
 * The kiosk's two steps: who are you (employee number, typed or scanned, and PIN), then what
 * to record. Identifying records nothing; the next step clears itself. With no connection the
 * second step keeps the punch on the kiosk instead (OfflinePanel).
 */
export function KioskStation({
  timeZone,
  keepOffline,
  onDeviceRefused,
}: {
  timeZone: string;
  keepOffline: (punch: OfflinePunch) => Promise<void>;
  onDeviceRefused: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'identify' });
  const backToStart = useCallback((notice?: string) => setStep({ kind: 'identify', notice }), []);

  if (step.kind === 'person') {
    return (
      <PersonPanel
        identified={step.identified}
        credentials={step.credentials}
        timeZone={timeZone}
        keepOffline={keepOffline}
        onDone={backToStart}
        onDeviceRefused={onDeviceRefused}
      />
    );
  }
  if (step.kind === 'offline') {
    return (
      <OfflinePanel
        credentials={step.credentials}
        timeZone={timeZone}
        keepOffline={keepOffline}
        onDone={backToStart}
      />
    );
  }
  return (
    <IdentifyForm
      notice={step.notice}
      onIdentified={(identified, credentials) =>
        setStep({ kind: 'person', identified, credentials })
      }
      onOffline={(credentials) => setStep({ kind: 'offline', credentials })}
      onDeviceRefused={onDeviceRefused}
    />
  );
}

function IdentifyForm({
  notice,
  onIdentified,
  onOffline,
  onDeviceRefused,
}: {
  notice: string | undefined;
  onIdentified: (answer: IdentifyAtKioskResponse, credentials: Credentials) => void;
  onOffline: (credentials: Credentials) => void;
  onDeviceRefused: () => void;
}) {
  const { t } = useLingui();
  const [employeeNumber, setEmployeeNumber] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isScanning, setIsScanning] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  const identify = useMutation({
    meta: { showsOwnError: true },
    mutationFn: identifyAtKiosk,
    // Offline, the request is still made: its failure is what turns the kiosk to offline mode.
    networkMode: 'always',
    onSuccess: (answer, credentials) => onIdentified(answer, credentials),
    onError: (failure, credentials) => {
      setPin('');
      if (isDeviceRefused(failure)) return onDeviceRefused();
      if (failure instanceof ApiError && failure.status === 0) return onOffline(credentials);
      setError(failure.message);
      pinRef.current?.focus();
    },
  });

  useEffect(() => {
    if (!employeeNumber && !pin) return;
    const timer = window.setTimeout(() => {
      setEmployeeNumber('');
      setPin('');
      setError(undefined);
    }, ABANDONED_ENTRY_MS);
    return () => window.clearTimeout(timer);
  }, [employeeNumber, pin]);

  const onBadgeRead = useCallback((number: string) => {
    setEmployeeNumber(number);
    setIsScanning(false);
    // After the camera panel closes, the PIN field is where the person goes next.
    window.setTimeout(() => pinRef.current?.focus(), 0);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (identify.isPending) return;
    // A USB badge scanner types the number and presses Enter: go on to the PIN.
    if (employeeNumber.trim() && !pin && document.activeElement === numberRef.current) {
      pinRef.current?.focus();
      return;
    }
    const parsed = identifyAtKioskRequestSchema.safeParse({ employeeNumber, pin });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    identify.mutate(parsed.data);
  };

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold">
          <Trans>Clock in or out</Trans>
        </h1>
        <CardDescription>
          <Trans>Enter your employee number (or scan your badge) and your kiosk PIN.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice && (
          <p role="status" className="rounded-lg bg-muted p-3 text-sm">
            {notice}
          </p>
        )}
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t`Identify`}>
          <Field id="kiosk-employee-number" label={t`Employee number`}>
            <Input
              ref={numberRef}
              value={employeeNumber}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              className="h-12 text-lg"
              onChange={(event) => setEmployeeNumber(event.target.value)}
            />
          </Field>
          {isScanning ? (
            <BadgeScanner onRead={onBadgeRead} onCancel={() => setIsScanning(false)} />
          ) : (
            <Button type="button" variant="outline" onClick={() => setIsScanning(true)}>
              <ScanLine aria-hidden />
              <Trans>Scan badge</Trans>
            </Button>
          )}
          <Field id="kiosk-pin" label={t`PIN`} error={error}>
            <Input
              ref={pinRef}
              type="password"
              // The pad below types the PIN: no system keyboard to cover Continue.
              inputMode="none"
              autoComplete="off"
              maxLength={PIN_MAX_LENGTH}
              value={pin}
              className="h-12 text-lg tracking-widest"
              onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
            />
          </Field>
          <PinPad
            pin={pin}
            maxLength={PIN_MAX_LENGTH}
            onChange={setPin}
            disabled={identify.isPending}
          />
          <Button
            type="submit"
            size="lg"
            className="h-12 text-base"
            disabled={identify.isPending}
            aria-busy={identify.isPending}
          >
            {identify.isPending ? t`Checking…` : t`Continue`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
