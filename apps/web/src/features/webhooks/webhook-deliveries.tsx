import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type WebhookDelivery, type WebhookEndpoint } from '@punchclock/shared/contracts/webhooks';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { resendWebhookDelivery, webhookDeliveriesQueryOptions, webhooksQueryKey } from './api';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/session';

const STATUS_TONE = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;
const STATUS_LABEL: Record<WebhookDelivery['status'], MessageDescriptor> = {
  delivered: msg`Delivered`,
  pending: msg`Retrying`,
  failed: msg`Gave up`,
};

/** An endpoint's delivery log: newest first, with the receiver's answer and "Resend". */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useLingui();
  const { timeZone } = useSession();
  const queryClient = useQueryClient();
  const deliveries = useQuery(webhookDeliveriesQueryOptions(endpoint.id));
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => resendWebhookDelivery(delivery.id),
    onSuccess: () => {
      toast.success(t`Sending it again`);
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });

  const when = (iso: string | null) =>
    iso ? formatBusinessDateTime(iso, timeZone, { seconds: true }) : '—';
  const columns: DataColumn<WebhookDelivery>[] = [
    {
      id: 'event',
      header: t`Event`,
      isRowHeader: true,
      cell: (delivery) => <code className="text-xs">{delivery.eventType}</code>,
    },
    { id: 'when', header: t`Happened`, cell: (delivery) => when(delivery.createdAt) },
    {
      id: 'status',
      header: t`Status`,
      cell: (delivery) => (
        <Badge variant={STATUS_TONE[delivery.status]}>
          {i18n._(STATUS_LABEL[delivery.status])}
        </Badge>
      ),
    },
    {
      id: 'answer',
      header: t`Last answer`,
      cell: (delivery) =>
        delivery.lastResponseStatus !== null
          ? `HTTP ${delivery.lastResponseStatus}`
          : (delivery.lastError ?? t`Not sent yet`),
    },
    { id: 'attempts', header: t`Attempts`, cell: (delivery) => delivery.attempts },
    {
      id: 'next',
      header: t`Next attempt`,
      cell: (delivery) => (delivery.status === 'pending' ? when(delivery.nextAttemptAt) : '—'),
    },
    {
      id: 'actions',
      header: t`Actions`,
      isActions: true,
      cell: (delivery) => {
        const eventType = delivery.eventType;
        const happened = when(delivery.createdAt);
        return (
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(delivery)}
          >
            <Trans>
              Resend
              <span className="sr-only">
                {' '}
                {eventType} of {happened}
              </span>
            </Trans>
          </Button>
        );
      },
    },
  ];

  const url = endpoint.url;
  return (
    <QueryState query={deliveries}>
      {(data) => (
        <DataTable
          label={t`Deliveries to ${url}`}
          columns={columns}
          rows={data.deliveries}
          rowKey={(delivery) => delivery.id}
          rowTestId="webhook-delivery-row"
          emptyMessage={t`Nothing sent yet: events appear here as they happen.`}
        />
      )}
    </QueryState>
  );
}
