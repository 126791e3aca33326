import { plural, t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  publishRosterResponseSchema,
  rosterBulkResponseSchema,
  rosterProjectionResponseSchema,
  rosterResponseSchema,
  rosterSettingsResponseSchema,
  shiftResponseSchema,
  type ShiftInput,
} from '@punchclock/shared/contracts/rosters';
import { listTemplatesResponseSchema } from '@punchclock/shared/contracts/schedules';
import { callEndpoint } from '@/lib/call-endpoint';
import { schedulesQueryKey } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** Every roster read: the board, its projection and the settings. */
export const rosterQueryKey = ['roster'] as const;

/** The board's filters, as GET /api/roster takes them (empty: every team, every position). */
export interface RosterFilters {
  teamId?: string | undefined;
  position?: string | undefined;
}

function rosterQuery(weekStart: string, filters: RosterFilters) {
  return {
    weekStart,
    ...(filters.teamId ? { teamId: filters.teamId } : {}),
    ...(filters.position ? { position: filters.position } : {}),
  };
}

export function rosterQueryOptions(weekStart: string, filters: RosterFilters) {
  return queryOptions({
    queryKey: [...rosterQueryKey, 'week', weekStart, filters.teamId ?? '', filters.position ?? ''],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/roster', {
        query: rosterQuery(weekStart, filters),
        schema: rosterResponseSchema,
        signal,
      }),
  });
}

/** Hours, projected overtime and labour cost of the week under each person's pay rules. */
export function rosterProjectionQueryOptions(weekStart: string, filters: RosterFilters) {
  return queryOptions({
    queryKey: [
      ...rosterQueryKey,
      'projection',
      weekStart,
      filters.teamId ?? '',
      filters.position ?? '',
    ],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/roster/projection', {
        query: rosterQuery(weekStart, filters),
        schema: rosterProjectionResponseSchema,
        signal,
      }),
  });
}

export const rosterSettingsQueryOptions = queryOptions({
  queryKey: [...rosterQueryKey, 'settings'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/roster/settings', { schema: rosterSettingsResponseSchema, signal }),
});

/** The schedule templates a week can be filled from (the same read as Schedule Management's). */
export const templatesQueryOptions = queryOptions({
  queryKey: [...schedulesQueryKey, 'templates'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/schedule-templates', { schema: listTemplatesResponseSchema, signal }),
});

function useInvalidateRoster() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rosterQueryKey });
}

/** Add a shift (no id) or change one; the dialog shows a refusal under its fields. */
export function useSaveShift() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: ({ id, input }: { id?: string | undefined; input: ShiftInput }) =>
      id
        ? callEndpoint('PUT /api/roster/shifts/:id', {
            params: { id },
            body: input,
            schema: shiftResponseSchema,
          })
        : callEndpoint('POST /api/roster/shifts', { body: input, schema: shiftResponseSchema }),
    onSuccess: (_result, { id }) => {
      toast.success(id ? t`Shift saved as a draft` : t`Shift added as a draft`);
      void invalidate();
    },
  });
}

/** Move a shift (PUT with its new person and day) or copy it (POST a new draft). */
export function useMoveShift() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    // The move dialog shows a refusal; a drop on the board toasts it.
    meta: { showsOwnError: true },
    mutationFn: ({ id, mode, input }: { id: string; mode: 'move' | 'copy'; input: ShiftInput }) =>
      mode === 'move'
        ? callEndpoint('PUT /api/roster/shifts/:id', {
            params: { id },
            body: input,
            schema: shiftResponseSchema,
          })
        : callEndpoint('POST /api/roster/shifts', { body: input, schema: shiftResponseSchema }),
    onSuccess: (_result, { mode }) => {
      toast.success(mode === 'move' ? t`Shift moved` : t`Shift copied`);
      void invalidate();
    },
  });
}

export function useDeleteShift() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    mutationFn: (id: string) => callEndpoint('DELETE /api/roster/shifts/:id', { params: { id } }),
    onSuccess: () => {
      toast.success(t`Shift deleted`);
      void invalidate();
    },
  });
}

function bulkMessage({ created, skipped }: { created: number; skipped: number }): string {
  const added = plural(created, { one: 'Added # shift', other: 'Added # shifts' });
  if (skipped === 0) return added;
  const kept = plural(skipped, {
    one: '# day already planned was left as it was',
    other: '# days already planned were left as they were',
  });
  return t`${added}; ${kept}`;
}

export function useCopyWeek() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    mutationFn: (input: { fromWeekStart: string; toWeekStart: string; teamId?: string }) =>
      callEndpoint('POST /api/roster/copy-week', { body: input, schema: rosterBulkResponseSchema }),
    onSuccess: (result) => {
      toast.success(bulkMessage(result));
      void invalidate();
    },
  });
}

export function useFillFromTemplate() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: {
      templateId: string;
      weekStart: string;
      userIds: string[];
      position: string | null;
    }) =>
      callEndpoint('POST /api/roster/fill-from-template', {
        body: input,
        schema: rosterBulkResponseSchema,
      }),
    onSuccess: (result) => {
      toast.success(bulkMessage(result));
      void invalidate();
    },
  });
}

/** Publish the week; a refusal (409, naming what blocks) is the dialog's to show. */
export function usePublishRoster() {
  const invalidate = useInvalidateRoster();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: { weekStart: string; teamId?: string }) =>
      callEndpoint('POST /api/roster/publish', {
        body: input,
        schema: publishRosterResponseSchema,
      }),
    onSuccess: ({ published, notified }) => {
      const shifts = plural(published, { one: '# shift', other: '# shifts' });
      const people = plural(notified, { one: '# person', other: '# people' });
      toast.success(t`Published ${shifts}; told ${people}`);
      void invalidate();
      // The planner's own schedule may have changed too.
      void queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
    },
  });
}

export function useSaveTeamRosterSettings() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: ({
      teamId,
      input,
    }: {
      teamId: string;
      input: { autoApproveClaims: boolean; maxOffPerDay: number | null };
    }) =>
      callEndpoint('PUT /api/roster/settings/:teamId', {
        params: { teamId },
        body: input,
        schema: rosterSettingsResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t`Roster settings saved`);
      void invalidate();
    },
  });
}

export function useSaveAllotmentDay() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: { teamId: string; date: string; maxOff: number | null }) =>
      callEndpoint('PUT /api/roster/allotment-days', {
        body: input,
        schema: rosterSettingsResponseSchema,
      }),
    onSuccess: (_result, { maxOff }) => {
      toast.success(maxOff === null ? t`Allotment day removed` : t`Allotment day saved`);
      void invalidate();
    },
  });
}
