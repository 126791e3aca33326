import { plural, t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  computeRequirementsResponseSchema,
  coverageResponseSchema,
  demandImportResponseSchema,
  demandSettingsSchema,
  forecastResponseSchema,
  postGapResponseSchema,
  requirementsResponseSchema,
  solverRunResponseSchema,
  solverRunsResponseSchema,
  type ComputeRequirementsRequest,
  type DemandImportRequest,
  type DemandSettingsInput,
  type PostGapRequest,
  type RequirementsInput,
  type SolverRun,
  type SolverRunRequest,
} from '@punchclock/shared/contracts/demand';
import { listTeamsResponseSchema } from '@punchclock/shared/contracts/users';
import { callEndpoint } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

/** Every demand read; the live topic `demand` (and `roster`) re-reads them all. */
export const demandQueryKey = ['demand'] as const;

/** Teams the caller plans: every team for an admin, their own for a lead (the API decides). */
export const demandTeamsQueryOptions = queryOptions({
  // Not under 'demand': the live topic would re-read the team list with every change.
  queryKey: ['demand-teams'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/teams', { schema: listTeamsResponseSchema, signal }),
});

export function demandSettingsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: [...demandQueryKey, 'settings', teamId],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/demand/settings/:teamId', {
        params: { teamId },
        schema: demandSettingsSchema,
        signal,
      }),
    enabled: teamId !== '',
  });
}

export function requirementsQueryOptions(teamId: string, weekStart: string, position: string) {
  return queryOptions({
    queryKey: [...demandQueryKey, 'requirements', teamId, weekStart, position],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/demand/requirements', {
        query: { teamId, weekStart, position },
        schema: requirementsResponseSchema,
        signal,
      }),
    enabled: teamId !== '',
  });
}

export function forecastQueryOptions(teamId: string, weekStart: string, position: string) {
  return queryOptions({
    queryKey: [...demandQueryKey, 'forecast', teamId, weekStart, position],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/demand/forecast', {
        query: { teamId, weekStart, position },
        schema: forecastResponseSchema,
        signal,
      }),
    enabled: teamId !== '',
  });
}

export function coverageQueryOptions(teamId: string, date: string, position: string) {
  return queryOptions({
    queryKey: [...demandQueryKey, 'coverage', teamId, date, position],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/demand/coverage', {
        query: { teamId, date, position },
        schema: coverageResponseSchema,
        signal,
      }),
    enabled: teamId !== '',
  });
}

export function solverRunsQueryOptions(teamId: string, weekStart: string) {
  return queryOptions({
    queryKey: [...demandQueryKey, 'solver-runs', teamId, weekStart],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/demand/solver-runs', {
        query: { teamId, weekStart },
        schema: solverRunsResponseSchema,
        signal,
      }),
    enabled: teamId !== '',
  });
}

export const isLiveRun = (run: SolverRun | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** One auto-fill, re-read every second while it is queued or running. */
export function solverRunQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...demandQueryKey, 'solver-run', id],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/demand/solver-runs/:id', {
        params: { id },
        schema: solverRunResponseSchema,
        signal,
      }),
    refetchInterval: (query) => (isLiveRun(query.state.data?.run) ? 1000 : false),
  });
}

function useInvalidateDemand() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: demandQueryKey });
}

export function useSaveRequirements() {
  const invalidate = useInvalidateDemand();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: RequirementsInput) =>
      callEndpoint('PUT /api/demand/requirements', {
        body: input,
        schema: requirementsResponseSchema,
      }),
    onSuccess: (_result, input) => {
      toast.success(
        plural(input.cells.length, {
          one: 'Saved # interval',
          other: 'Saved # intervals',
        }),
      );
      void invalidate();
    },
  });
}

export function useComputeRequirements() {
  const invalidate = useInvalidateDemand();
  return useMutation({
    mutationFn: (input: ComputeRequirementsRequest) =>
      callEndpoint('POST /api/demand/requirements/compute', {
        body: input,
        schema: computeRequirementsResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t`Requirements computed`);
      void invalidate();
    },
  });
}

/** A dry run shows its counts or problems; an import also re-reads what it changed. */
export function useImportDemand() {
  const invalidate = useInvalidateDemand();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: DemandImportRequest) =>
      callEndpoint('POST /api/demand/imports', {
        body: input,
        schema: demandImportResponseSchema,
      }),
    onSuccess: (result) => {
      if (result.dryRun || result.problems.length > 0) return;
      toast.success(t`File imported`);
      void invalidate();
    },
  });
}

export function useSaveDemandSettings() {
  const invalidate = useInvalidateDemand();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: ({ teamId, input }: { teamId: string; input: DemandSettingsInput }) =>
      callEndpoint('PUT /api/demand/settings/:teamId', {
        params: { teamId },
        body: input,
        schema: demandSettingsSchema,
      }),
    onSuccess: () => {
      toast.success(t`Demand settings saved`);
      void invalidate();
    },
  });
}

export function useStartAutoFill() {
  const invalidate = useInvalidateDemand();
  return useMutation({
    mutationFn: (input: SolverRunRequest) =>
      callEndpoint('POST /api/demand/solver-runs', {
        body: input,
        schema: solverRunResponseSchema,
      }),
    onSuccess: () => void invalidate(),
  });
}

export function useStopAutoFill() {
  const invalidate = useInvalidateDemand();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint('POST /api/demand/solver-runs/:id/cancel', {
        params: { id },
        schema: solverRunResponseSchema,
      }),
    onSuccess: () => void invalidate(),
  });
}

export function usePostGap() {
  const invalidate = useInvalidateDemand();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: PostGapRequest) =>
      callEndpoint('POST /api/demand/coverage/open-shifts', {
        body: input,
        schema: postGapResponseSchema,
      }),
    onSuccess: ({ shiftIds }) => {
      toast.success(
        plural(shiftIds.length, {
          one: 'Posted # open shift',
          other: 'Posted # open shifts',
        }),
      );
      void invalidate();
      // The roster's board shows the new open shifts.
      void queryClient.invalidateQueries({ queryKey: ['roster'] });
    },
  });
}
