import { t } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  approvePeriodResultSchema,
  timesheetPeriodSchema,
  timesheetWithSignOffSchema,
  type ApprovePeriodInput,
  type DecideTimesheetInput,
  type TimesheetSignOffStatus,
} from '@punchclock/shared/contracts/timesheets';
import { callEndpoint } from '@/lib/call-endpoint';
import { timesheetsQueryKey } from '@/lib/query-keys';

/**
 * A period's timesheets for managers. Keyed under the approvals live topic (announced on every
 * submission and decision), so a submission elsewhere re-reads it.
 */
export const periodOverviewQueryKey = ['approvals', 'timesheets'] as const;

export const periodOverviewQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: [...periodOverviewQueryKey, date ?? 'today'],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/timesheets/period', {
        query: { date },
        schema: timesheetPeriodSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Each status in the reader's language (getters: read when shown, not when loaded). */
export const SIGN_OFF_LABELS: Record<TimesheetSignOffStatus, string> = {
  get not_submitted() {
    return t`Not submitted`;
  },
  get submitted() {
    return t`Submitted`;
  },
  get approved() {
    return t`Approved`;
  },
  get returned() {
    return t`Returned`;
  },
};

export const SIGN_OFF_VARIANTS = {
  not_submitted: 'outline',
  submitted: 'secondary',
  approved: 'success',
  returned: 'destructive',
} as const;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: timesheetsQueryKey });
    void queryClient.invalidateQueries({ queryKey: periodOverviewQueryKey });
  };
}

/** Submit or withdraw one's own timesheet for the period containing `date`. */
export function useSignOff() {
  const refresh = useRefresh();
  return useMutation({
    meta: { showsOwnError: true }, // in the panel
    mutationFn: ({ action, date }: { action: 'submit' | 'withdraw'; date: string }) =>
      action === 'submit'
        ? callEndpoint('POST /api/timesheets/submit', {
            body: { date, confirm: true },
            schema: timesheetWithSignOffSchema,
          })
        : callEndpoint('POST /api/timesheets/withdraw', {
            body: { date },
            schema: timesheetWithSignOffSchema,
          }),
    onSuccess: (_, { action }) => {
      toast.success(action === 'submit' ? t`Timesheet submitted` : t`Submission withdrawn`);
      refresh();
    },
  });
}

export function useDecideTimesheet() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: DecideTimesheetInput) =>
      callEndpoint('POST /api/timesheets/decide', {
        body: input,
        schema: timesheetWithSignOffSchema,
      }),
    onSuccess: (_, input) => {
      toast.success(input.decision === 'approve' ? t`Timesheet approved` : t`Timesheet returned`);
      refresh();
    },
  });
}

export function useApprovePeriod() {
  const refresh = useRefresh();
  return useMutation({
    meta: { showsOwnError: true }, // in the dialog (an incomplete period asks to confirm)
    mutationFn: (input: ApprovePeriodInput) =>
      callEndpoint('POST /api/timesheets/period/approve', {
        body: input,
        schema: approvePeriodResultSchema,
      }),
    onSuccess: (result) => {
      const count = result.approved.length;
      toast.success(t`Period approved and locked (${count} approved now)`);
      refresh();
    },
  });
}

export function useReopenPeriod() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (lockId: string) =>
      callEndpoint('POST /api/approvals/locks/:id/reopen', { params: { id: lockId } }),
    onSuccess: () => {
      toast.success(t`Period reopened`);
      refresh();
    },
  });
}
