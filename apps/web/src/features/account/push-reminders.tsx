import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { readPushKey, removePushSubscription, savePushSubscription, sendTestPush } from './api';
import { registerServiceWorker } from '@/lib/app-updates';
import { toast } from '@/lib/toast';

const subscriptionQueryKey = ['push', 'this-device'] as const;
const canPush = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/** The VAPID key as PushManager wants it (base64url → bytes). */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!(await registerServiceWorker())) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

async function turnOn(): Promise<void> {
  if (!(await registerServiceWorker())) {
    throw new Error(t`This browser cannot show reminders from Punchclock.`);
  }
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new Error(
      t`Notifications are blocked for this site: allow them in the browser settings.`,
    );
  }
  const publicKey = await readPushKey();
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await savePushSubscription(subscription);
}

async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * Reminders on this device (decision 0029): a shift starting soon, a break or lunch over its
 * limit, a forgotten clock-out — as notifications even when Punchclock is not open. Per device.
 */
export function PushReminders() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const isSupported = canPush();
  const subscribed = useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: async () => (await currentSubscription()) !== null,
    enabled: isSupported,
  });
  const change = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSuccess: (_done, on) => {
      setError(undefined);
      toast.success(
        on ? t`Reminders are on for this device` : t`Reminders are off for this device`,
      );
    },
    onError: (failure) => setError(failure.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
  const test = useMutation({
    meta: { showsOwnError: true },
    mutationFn: sendTestPush,
    onSuccess: ({ sent }) =>
      toast.success(
        sent === 1
          ? t`Test reminder sent`
          : plural(sent, {
              one: 'Test reminder sent to # device',
              other: 'Test reminder sent to # devices',
            }),
      ),
    onError: (failure) => setError(failure.message),
  });

  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby="push-reminders-heading">
      <h3 id="push-reminders-heading" className="font-medium">
        <Trans>Reminders on this device</Trans>
      </h3>
      <p className="text-sm text-muted-foreground">
        {isSupported
          ? t`A notification when your shift starts soon, a break or lunch runs over, or you forget to clock out.`
          : t`This browser cannot show reminders from Punchclock (on an iPhone, add Punchclock to the Home Screen first).`}
      </p>
      {isSupported && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={change.isPending || subscribed.isPending}
            onClick={() => change.mutate(!subscribed.data)}
          >
            <BellRing aria-hidden />
            {subscribed.data ? t`Turn off reminders` : t`Turn on reminders`}
          </Button>
          {subscribed.data && (
            <Button variant="ghost" disabled={test.isPending} onClick={() => test.mutate()}>
              <Trans>Send a test reminder</Trans>
            </Button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
