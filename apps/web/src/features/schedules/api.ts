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
import { apiRequest } from '@/lib/api-client';
import { schedulesQueryKey, timeEventsQueryKey } from '@/lib/query-keys';

export const templatesQueryOptions = queryOptions({
  queryKey: [...schedulesQueryKey, 'templates'],
  queryFn: ({ signal }) =>
    apiRequest('/api/schedule-templates', { schema: listTemplatesResponseSchema, signal }),
});

export function assignmentsQueryOptions(from: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'assignments', from],
    queryFn: ({ signal }) =>
      apiRequest(`/api/schedule-assignments?from=${from}`, {
        schema: listAssignmentsResponseSchema,
        signal,
      }),
  });
}

export function myScheduleQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'mine', from, to],
    queryFn: ({ signal }) =>
      apiRequest(`/api/my-schedule?from=${from}&to=${to}`, {
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
    mutationFn: ({ id, input }: { id?: string; input: ScheduleTemplateInput }) =>
      apiRequest(id ? `/api/schedule-templates/${id}` : '/api/schedule-templates', {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: templateResponse,
      }),
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
        await apiRequest<void>(`/api/schedule-templates/${id}`, { method: 'DELETE' });
      else
        await apiRequest(`/api/schedule-templates/${id}/${action}`, {
          method: 'POST',
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
    onError: (error) => toast.error(error.message),
  });
}

export function useAssignTemplate() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: (input: CreateAssignmentsRequest) =>
      apiRequest('/api/schedule-assignments', {
        method: 'POST',
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
      if (!input) await apiRequest<void>(`/api/schedule-assignments/${id}`, { method: 'DELETE' });
      else
        await apiRequest(`/api/schedule-assignments/${id}`, {
          method: 'PUT',
          body: input,
          schema: z.object({ assignment: assignmentSchema }),
        });
    },
    onSuccess: (_result, { input }) => {
      toast.success(input ? t`Assignment updated` : t`Assignment removed`);
      invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
}
