import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveriesResponseSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@punchclock/shared/contracts/webhooks';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const STATUS_TONE = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;
const STATUS_LABEL = { delivered: 'Delivered', pending: 'Retrying', failed: 'Gave up' } as const;

/** An endpoint's delivery log: newest first, with the receiver's answer and "Resend". */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { timeZone } = useSession();
  const queryClient = useQueryClient();
  const queryKey = ['webhooks', endpoint.id, 'deliveries'] as const;
  const deliveries = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(`/api/webhooks/${endpoint.id}/deliveries`, {
        schema: webhookDeliveriesResponseSchema,
        signal,
      }),
    refetchInterval: 10_000,
  });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      apiRequest(`/api/webhooks/deliveries/${delivery.id}/resend`, { method: 'POST' }),
    onSuccess: () => {
      toast.success('Sending it again');
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
    onError: (error) => toast.error(error.message),
  });

  const when = (iso: string | null) =>
    iso ? formatBusinessDateTime(iso, timeZone, { seconds: true }) : '—';
  const columns: DataColumn<WebhookDelivery>[] = [
    {
      id: 'event',
      header: 'Event',
      isRowHeader: true,
      cell: (delivery) => <code className="text-xs">{delivery.eventType}</code>,
    },
    { id: 'when', header: 'Happened', cell: (delivery) => when(delivery.createdAt) },
    {
      id: 'status',
      header: 'Status',
      cell: (delivery) => (
        <Badge variant={STATUS_TONE[delivery.status]}>{STATUS_LABEL[delivery.status]}</Badge>
      ),
    },
    {
      id: 'answer',
      header: 'Last answer',
      cell: (delivery) =>
        delivery.lastResponseStatus !== null
          ? `HTTP ${delivery.lastResponseStatus}`
          : (delivery.lastError ?? 'Not sent yet'),
    },
    { id: 'attempts', header: 'Attempts', cell: (delivery) => delivery.attempts },
    {
      id: 'next',
      header: 'Next attempt',
      cell: (delivery) => (delivery.status === 'pending' ? when(delivery.nextAttemptAt) : '—'),
    },
    {
      id: 'actions',
      header: 'Actions',
      isActions: true,
      cell: (delivery) => (
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate(delivery)}
        >
          Resend
          <span className="sr-only">
            {' '}
            {delivery.eventType} of {when(delivery.createdAt)}
          </span>
        </Button>
      ),
    },
  ];

  return (
    <QueryState query={deliveries}>
      {(data) => (
        <DataTable
          label={`Deliveries to ${endpoint.url}`}
          columns={columns}
          rows={data.deliveries}
          rowKey={(delivery) => delivery.id}
          rowTestId="webhook-delivery-row"
          emptyMessage="Nothing sent yet: events appear here as they happen."
        />
      )}
    </QueryState>
  );
}
