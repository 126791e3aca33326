import { queryOptions } from '@tanstack/react-query';
import {
  webhookDeliveriesResponseSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
  type WebhookEndpoint,
} from '@punchclock/shared/contracts/webhooks';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';

export const webhooksQueryKey = ['webhooks'] as const;

export const webhookEndpointsQueryOptions = queryOptions({
  queryKey: webhooksQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/webhooks', { schema: webhookEndpointsResponseSchema, signal }),
});

/** An endpoint's newest deliveries, re-read every 10 s while shown. */
export function webhookDeliveriesQueryOptions(endpointId: string) {
  return queryOptions({
    queryKey: [...webhooksQueryKey, endpointId, 'deliveries'],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/webhooks/:id/deliveries', {
        params: { id: endpointId },
        schema: webhookDeliveriesResponseSchema,
        signal,
      }),
    refetchInterval: 10_000,
  });
}

/** Register an endpoint; the answer holds its signing secret, shown once. */
export function addWebhookEndpoint(input: EndpointBody<'POST /api/webhooks'>) {
  return callEndpoint('POST /api/webhooks', { body: input, schema: webhookSecretResponseSchema });
}

/** Pause or resume an endpoint, keeping the rest of it as it is. */
export function setWebhookEndpointEnabled(endpoint: WebhookEndpoint, enabled: boolean) {
  return callEndpoint('PUT /api/webhooks/:id', {
    params: { id: endpoint.id },
    body: {
      url: endpoint.url,
      description: endpoint.description,
      eventTypes: endpoint.eventTypes,
      allowPrivateNetwork: endpoint.allowPrivateNetwork,
      enabled,
    },
  });
}

export function rotateWebhookSecret(id: string) {
  return callEndpoint('POST /api/webhooks/:id/rotate-secret', {
    params: { id },
    schema: webhookSecretResponseSchema,
  });
}

export function removeWebhookEndpoint(id: string) {
  return callEndpoint('DELETE /api/webhooks/:id', { params: { id } });
}

export function resendWebhookDelivery(id: string) {
  return callEndpoint('POST /api/webhooks/deliveries/:id/resend', { params: { id } });
}
