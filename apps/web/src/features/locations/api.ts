import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  locationPoliciesResponseSchema,
  type AddPlaceRequest,
} from '@punchclock/shared/contracts/locations';
import type { LocationMode } from '@punchclock/shared/domain/location-policy';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export const locationPoliciesQueryKey = ['location-policies'] as const;

export const locationPoliciesQueryOptions = {
  queryKey: locationPoliciesQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest('/api/locations', { schema: locationPoliciesResponseSchema, signal }),
};

/**
 * One change to the policies; the list is read again after it, whatever happened. The success
 * message is made when shown, in the reader's language.
 */
function usePolicyChange<Input>(
  request: (input: Input) => Promise<unknown>,
  success: () => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast.success(success()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationPoliciesQueryKey }),
  });
}

export const useSetMode = () =>
  usePolicyChange(
    ({ teamId, mode }: { teamId: string; mode: LocationMode }) =>
      apiRequest(`/api/locations/teams/${encodeURIComponent(teamId)}/mode`, {
        method: 'PUT',
        body: { mode },
      }),
    () => t`Location rule saved`,
  );

export const useAddPlace = () =>
  usePolicyChange(
    ({ teamId, place }: { teamId: string; place: AddPlaceRequest }) =>
      apiRequest(`/api/locations/teams/${encodeURIComponent(teamId)}/places`, {
        method: 'POST',
        body: place,
      }),
    () => t`Place added`,
  );

export const useRemovePlace = () =>
  usePolicyChange(
    (placeId: string) =>
      apiRequest(`/api/locations/places/${encodeURIComponent(placeId)}`, { method: 'DELETE' }),
    () => t`Place removed`,
  );

export const useSetRetention = () =>
  usePolicyChange(
    (days: number) => apiRequest('/api/locations/retention', { method: 'PUT', body: { days } }),
    () => t`Retention saved`,
  );
