// Public module of the kiosk feature: the device's screen and the admin's devices screen.
import { lazy } from 'react';

/** /kiosk: a shared punching device; needs no session, only the device's own cookie. */
export const KioskPage = lazy(() => import('./kiosk-page'));

/** /kiosk-devices (admin): enrolment codes, the enrolled devices, revoking one. */
export const KioskDevicesPage = lazy(() => import('./kiosk-devices-page'));

/** A person's printable badge and PIN controls (User Management); loaded when first opened. */
export const KioskBadgeDialog = lazy(() =>
  import('./kiosk-badge-dialog').then((module) => ({ default: module.KioskBadgeDialog })),
);
