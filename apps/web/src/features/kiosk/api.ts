import {
  enrolmentCodeResponseSchema,
  identifyAtKioskResponseSchema,
  kioskCardResponseSchema,
  kioskDeviceResponseSchema,
  kioskDevicesResponseSchema,
  kioskPinStatusSchema,
  thisKioskResponseSchema,
  type IdentifyAtKioskRequest,
  type OfflineKioskPunchRequest,
} from '@punchclock/shared/contracts/kiosk';
import { z } from 'zod';
import { recordTimeEventResponseSchema } from '@punchclock/shared/contracts/time-tracking';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { callEndpoint } from '@/lib/call-endpoint';

/** The device's own view of itself; a 401 means it is not (or no longer) enrolled. */
export const thisKioskQueryKey = ['kiosk', 'this-device'] as const;

export function fetchThisKiosk(signal?: AbortSignal) {
  return callEndpoint('GET /api/kiosk/device', { schema: thisKioskResponseSchema, signal });
}

export function enrolThisDevice(code: string) {
  return callEndpoint('POST /api/kiosk/enrol', {
    body: { code },
    schema: kioskDeviceResponseSchema,
  });
}

export function identifyAtKiosk(input: IdentifyAtKioskRequest) {
  return callEndpoint('POST /api/kiosk/identify', {
    body: input,
    schema: identifyAtKioskResponseSchema,
  });
}

/** One punch for the person identified here; `id` is made once per tap so a retry is the same punch. */
export function punchAtKiosk(input: { grant: string; id: string; eventType: TimeEventType }) {
  return callEndpoint('POST /api/kiosk/punch', {
    body: input,
    schema: recordTimeEventResponseSchema,
  });
}

/** The server no longer knows this device (revoked, or its cookie is gone). */
export function isDeviceRefused(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'kiosk_not_enrolled';
}

/** A punch captured while this kiosk was offline, its PIN sealed (decision 0027). */
export function sendOfflineKioskPunch(punch: OfflineKioskPunchRequest) {
  return callEndpoint('POST /api/kiosk/offline-punch', {
    body: punch,
    schema: recordTimeEventResponseSchema,
  });
}

export const kioskDevicesQueryKey = ['kiosk', 'devices'] as const;

/** The enrolled kiosks (admin). */
export const kioskDevicesQueryOptions = queryOptions({
  queryKey: kioskDevicesQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/kiosk/devices', { schema: kioskDevicesResponseSchema, signal }),
  // A device set up with a fresh code (on another screen) shows up without a reload.
  refetchInterval: 15_000,
});

/** A one-time code that makes a device a shared clock; the form shows a refusal itself. */
export function useCreateEnrolmentCode() {
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: { name: string }) =>
      callEndpoint('POST /api/kiosk/enrolment-codes', {
        body: input,
        schema: enrolmentCodeResponseSchema,
      }),
  });
}

export function useRevokeKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: { id: string }) =>
      callEndpoint('POST /api/kiosk/devices/:id/revoke', {
        params: { id: device.id },
        schema: kioskDeviceResponseSchema,
      }),
    onSuccess: ({ device }) => {
      const name = device.name;
      toast.success(t`${name} can no longer record punches`);
      void queryClient.invalidateQueries({ queryKey: kioskDevicesQueryKey });
    },
  });
}

const kioskCardQueryKey = (userId: string) => ['kiosk', 'card', userId];

/** A person's kiosk badge and PIN status, for an admin. */
export function kioskCardQueryOptions(userId: string) {
  return queryOptions({
    queryKey: kioskCardQueryKey(userId),
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/users/:id/kiosk', {
        params: { id: userId },
        schema: kioskCardResponseSchema,
        signal,
      }),
  });
}

export function useResetKioskPin(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint('POST /api/users/:id/kiosk-pin/reset', {
        params: { id: userId },
        schema: z.object({ pin: kioskPinStatusSchema }),
      }),
    onSuccess: () => {
      toast.success(t`Kiosk PIN removed`);
      void queryClient.invalidateQueries({ queryKey: kioskCardQueryKey(userId) });
    },
  });
}
