import { plural, t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import {
  assignmentSchema,
  listAssignmentsResponseSchema,
  listTemplatesResponseSchema,
  myScheduleResponseSchema,
  scheduleTemplateSchema,
  type CreateAssignmentsRequest,
  type ScheduleTemplateInput,
  type UpdateAssignmentRequest,
} from '@punchclock/shared/contracts/schedules';
import { callEndpoint } from '@/lib/call-endpoint';
import { schedulesQueryKey, timeEventsQueryKey } from '@/lib/query-keys';

export const templatesQueryOptions = queryOptions({
  queryKey: [...schedulesQueryKey, 'templates'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/schedule-templates', { schema: listTemplatesResponseSchema, signal }),
});

export function assignmentsQueryOptions(from: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'assignments', from],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/schedule-assignments', {
        query: { from },
        schema: listAssignmentsResponseSchema,
        signal,
      }),
  });
}

export function myScheduleQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'mine', from, to],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/my-schedule', {
        query: { from, to },
        schema: myScheduleResponseSchema,
        signal,
      }),
  });
}

/** After any schedule change: every schedule read and today's dashboard (break limit, shift). */
function useInvalidateSchedules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
    void queryClient.invalidateQueries({ queryKey: timeEventsQueryKey });
  };
}

const templateResponse = z.object({ template: scheduleTemplateSchema });

export function useSaveTemplate() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    // The form shows the refusal under its fields.
    meta: { showsOwnError: true },
    mutationFn: ({ id, input }: { id?: string; input: ScheduleTemplateInput }) =>
      id
        ? callEndpoint('PUT /api/schedule-templates/:id', {
            params: { id },
            body: input,
            schema: templateResponse,
          })
        : callEndpoint('POST /api/schedule-templates', { body: input, schema: templateResponse }),
    onSuccess: ({ template }, { id }) => {
      const name = template.name;
      toast.success(id ? t`Saved "${name}"` : t`Created "${name}"`);
      invalidate();
    },
  });
}

export function useTemplateAction() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: async ({
      id,
      action,
    }: {
      id: string;
      action: 'archive' | 'restore' | 'delete';
    }) => {
      if (action === 'delete')
        await callEndpoint('DELETE /api/schedule-templates/:id', { params: { id } });
      else
        await callEndpoint(`POST /api/schedule-templates/:id/${action}`, {
          params: { id },
          schema: templateResponse,
        });
    },
    onSuccess: (_result, { action }) => {
      toast.success(
        action === 'delete'
          ? t`Template deleted`
          : action === 'archive'
            ? t`Template archived`
            : t`Template restored`,
      );
      invalidate();
    },
  });
}

export function useAssignTemplate() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    // Overlaps (and other refusals) show inline, next to the form that caused them.
    meta: { showsOwnError: true },
    mutationFn: (input: CreateAssignmentsRequest) =>
      callEndpoint('POST /api/schedule-assignments', {
        body: input,
        schema: listAssignmentsResponseSchema,
      }),
    onSuccess: ({ assignments }) => {
      const count = assignments.length;
      toast.success(plural(count, { one: 'Assigned # person', other: 'Assigned # people' }));
      invalidate();
    },
  });
}

export function useChangeAssignment() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    // `input: null` removes the assignment.
    mutationFn: async ({ id, input }: { id: string; input: UpdateAssignmentRequest | null }) => {
      if (!input) await callEndpoint('DELETE /api/schedule-assignments/:id', { params: { id } });
      else
        await callEndpoint('PUT /api/schedule-assignments/:id', {
          params: { id },
          body: input,
          schema: z.object({ assignment: assignmentSchema }),
        });
    },
    onSuccess: (_result, { input }) => {
      toast.success(input ? t`Assignment updated` : t`Assignment removed`);
      invalidate();
    },
  });
}
