import {
  identifyAtKioskResponseSchema,
  kioskDeviceResponseSchema,
  thisKioskResponseSchema,
  type IdentifyAtKioskRequest,
  type OfflineKioskPunchRequest,
} from '@punchclock/shared/contracts/kiosk';
import { recordTimeEventResponseSchema } from '@punchclock/shared/contracts/time-tracking';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The device's own view of itself; a 401 means it is not (or no longer) enrolled. */
export const thisKioskQueryKey = ['kiosk', 'this-device'] as const;

export function fetchThisKiosk(signal?: AbortSignal) {
  return apiRequest('/api/kiosk/device', { schema: thisKioskResponseSchema, signal });
}

export function enrolThisDevice(code: string) {
  return apiRequest('/api/kiosk/enrol', {
    method: 'POST',
    body: { code },
    schema: kioskDeviceResponseSchema,
  });
}

export function identifyAtKiosk(input: IdentifyAtKioskRequest) {
  return apiRequest('/api/kiosk/identify', {
    method: 'POST',
    body: input,
    schema: identifyAtKioskResponseSchema,
  });
}

/** One punch for the person identified here; `id` is made once per tap so a retry is the same punch. */
export function punchAtKiosk(input: { grant: string; id: string; eventType: TimeEventType }) {
  return apiRequest('/api/kiosk/punch', {
    method: 'POST',
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
  return apiRequest('/api/kiosk/offline-punch', {
    method: 'POST',
    body: punch,
    schema: recordTimeEventResponseSchema,
  });
}
