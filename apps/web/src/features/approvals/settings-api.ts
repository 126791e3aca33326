import { queryOptions } from '@tanstack/react-query';
import { approvalSettingsSchema } from '@punchclock/shared/contracts/approval-settings';
import { callEndpoint } from '@/lib/call-endpoint';

// Apart from api.ts: the dashboard reads whether a lead approves without the queue's contracts.

// Keyed under the live topic, so new requests and decisions elsewhere re-read it.
export const approvalsQueryKey = ['approvals'] as const;

export const approvalSettingsQueryOptions = queryOptions({
  queryKey: [...approvalsQueryKey, 'settings'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/approvals/settings', { schema: approvalSettingsSchema, signal }),
});
