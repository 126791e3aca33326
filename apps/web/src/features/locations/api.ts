import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  locationPoliciesResponseSchema,
  type AddPlaceRequest,
} from '@punchclock/shared/contracts/locations';
import type { LocationMode } from '@punchclock/shared/domain/location-policy';
import { callEndpoint } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

export const locationPoliciesQueryKey = ['location-policies'] as const;

export const locationPoliciesQueryOptions = {
  queryKey: locationPoliciesQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint('GET /api/locations', { schema: locationPoliciesResponseSchema, signal }),
};

/**
 * One change to the policies; the list is read again after it, whatever happened. The success
 * message is made when shown, in the reader's language. A form shows its own failure
 * (`showsOwnError`); a one-click change gets the default toast.
 */
function usePolicyChange<Input>(
  request: (input: Input) => Promise<unknown>,
  success: () => string,
  showsOwnError = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError },
    mutationFn: request,
    onSuccess: () => toast.success(success()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationPoliciesQueryKey }),
  });
}

export const useSetMode = () =>
  usePolicyChange(
    ({ teamId, mode }: { teamId: string; mode: LocationMode }) =>
      callEndpoint('PUT /api/locations/teams/:id/mode', {
        params: { id: teamId },
        body: { mode },
      }),
    () => t`Location rule saved`,
  );

export const useAddPlace = () =>
  usePolicyChange(
    ({ teamId, place }: { teamId: string; place: AddPlaceRequest }) =>
      callEndpoint('POST /api/locations/teams/:id/places', { params: { id: teamId }, body: place }),
    () => t`Place added`,
    true,
  );

export const useRemovePlace = () =>
  usePolicyChange(
    (placeId: string) =>
      callEndpoint('DELETE /api/locations/places/:id', { params: { id: placeId } }),
    () => t`Place removed`,
  );

export const useSetRetention = () =>
  usePolicyChange(
    (days: number) => callEndpoint('PUT /api/locations/retention', { body: { days } }),
    () => t`Retention saved`,
    true,
  );
