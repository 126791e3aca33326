import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '@punchclock/shared/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { ShownOnce } from '@/components/ui/shown-once';
import {
  removeWebhookEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
  webhookEndpointsQueryOptions,
  webhooksQueryKey,
} from './api';
import { toast } from '@/lib/toast';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointForm } from './webhook-endpoint-form';

/** The signing secret, once (after adding an endpoint or rotating its secret). */
function ShownSecret({ shown }: { shown: WebhookSecretResponse }) {
  const { t } = useLingui();
  const url = shown.endpoint.url;
  const header = 'webhook-signature';
  return (
    <ShownOnce id="webhook-secret" label={t`Signing secret for ${url}`} value={shown.secret}>
      <Trans>
        Shown this once. The receiver checks each request’s <code>{header}</code> with it (any
        Standard Webhooks library does).
      </Trans>
    </ShownOnce>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (shown: WebhookSecretResponse) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) => setWebhookEndpointEnabled(endpoint, enabled),
    onSuccess: () => void refresh(),
  });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(endpoint.id),
    onSuccess: (shown) => {
      onSecret(shown);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => removeWebhookEndpoint(endpoint.id),
    onSuccess: () => {
      toast.success(t`Endpoint removed`);
      void refresh();
    },
  });

  const failedCount = endpoint.failedCount;
  const pendingCount = endpoint.pendingCount;
  const events = endpoint.eventTypes.join(', ');
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="break-all font-medium">{endpoint.url}</span>
        <span className="flex gap-2">
          {endpoint.failedCount > 0 && (
            <Badge variant="destructive">
              {plural(failedCount, { one: '# gave up', other: '# gave up' })}
            </Badge>
          )}
          {endpoint.pendingCount > 0 && (
            <Badge variant="warning">
              {plural(pendingCount, { one: '# waiting', other: '# waiting' })}
            </Badge>
          )}
          <Badge variant={endpoint.enabled ? 'success' : 'outline'}>
            {endpoint.enabled ? t`Active` : t`Paused`}
          </Badge>
        </span>
      </div>
      {endpoint.description && <p className="text-sm">{endpoint.description}</p>}
      <p className="text-sm text-muted-foreground">
        {endpoint.allowPrivateNetwork ? t`${events} · private network allowed` : events}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setShowLog((shown) => !shown)}
          aria-expanded={showLog}
        >
          {showLog ? t`Hide deliveries` : t`Deliveries`}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate(!endpoint.enabled)}
        >
          {endpoint.enabled ? t`Pause` : t`Resume`}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate()}
        >
          <Trans>New secret</Trans>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
      {showLog && <WebhookDeliveries endpoint={endpoint} />}
    </li>
  );
}

/** /webhooks (admin): where Punchclock tells other systems what happened, and how that went. */
export default function WebhooksPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<WebhookSecretResponse | null>(null);
  const endpoints = useQuery(webhookEndpointsQueryOptions);
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Webhooks</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Punchclock sends each event to the endpoints that asked for it, signed, and retries for
            a day when an endpoint is down. Each delivery keeps one id, so a receiver can ignore
            repeats.
          </Trans>
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Add an endpoint</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>One endpoint per receiving system.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {shown && <ShownSecret shown={shown} />}
          <WebhookEndpointForm
            onCreated={(created) => {
              setShown(created);
              void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
            }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Endpoints</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={endpoints}>
            {(data) =>
              data.endpoints.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>No endpoints yet.</Trans>
                </p>
              ) : (
                <ul className="grid gap-3" aria-label={t`Webhook endpoints`}>
                  {data.endpoints.map((endpoint) => (
                    <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setShown} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
