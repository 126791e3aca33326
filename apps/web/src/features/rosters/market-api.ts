import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  shiftMarketResponseSchema,
  shiftTradeResponseSchema,
  type ShiftTrade,
  type ShiftTradeRequest,
} from '@punchclock/shared/contracts/rosters';
import { callEndpoint } from '@/lib/call-endpoint';
import { schedulesQueryKey } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** Open shifts, offers and the caller's own trades (#30). */
export const shiftMarketQueryKey = ['shift-market'] as const;

export const shiftMarketQueryOptions = queryOptions({
  queryKey: shiftMarketQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/shift-market', { schema: shiftMarketResponseSchema, signal }),
  staleTime: 0,
});

/** What a new trade became, as a toast says it. */
function describeRequested(trade: ShiftTrade): string {
  if (trade.kind === 'claim')
    return trade.status === 'approved'
      ? t`The shift is yours`
      : t`Asked for the shift; a manager decides`;
  if (trade.kind === 'swap') {
    const name = trade.takerName ?? '';
    return t`Offered to ${name}`;
  }
  return t`Offered to your team`;
}

/**
 * Claim, offer, take, turn down and withdraw. Each refusal (409: the rule it would break) is
 * shown by the page next to the shift it concerns, so none of these toasts an error.
 */
export function useShiftTradeMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: shiftMarketQueryKey });
    void queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
  };
  const request = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: ShiftTradeRequest) =>
      callEndpoint('POST /api/shift-trades', { body: input, schema: shiftTradeResponseSchema }),
    onSuccess: ({ trade }) => {
      toast.success(describeRequested(trade));
      refresh();
    },
  });
  const accept = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (id: string) =>
      callEndpoint('POST /api/shift-trades/:id/accept', {
        params: { id },
        schema: shiftTradeResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t`You took the shift; a manager decides`);
      refresh();
    },
  });
  const decline = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (id: string) =>
      callEndpoint('POST /api/shift-trades/:id/decline', {
        params: { id },
        schema: shiftTradeResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t`Offer declined`);
      refresh();
    },
  });
  const cancel = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (id: string) =>
      callEndpoint('POST /api/shift-trades/:id/cancel', {
        params: { id },
        schema: shiftTradeResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t`Request withdrawn`);
      refresh();
    },
  });
  return { request, accept, decline, cancel };
}
