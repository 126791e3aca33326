import { z } from 'zod';
import { text } from './common.ts';

/*
 * Shared punching devices (#17 kiosk, decision 0026). An admin creates a one-time enrolment
 * code for a named device; the device redeems it once and then holds its own credential.
 */

/** Unambiguous characters only (no 0/O, 1/I/L): read off one screen, typed on another. */
export const ENROLMENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ENROLMENT_CODE_LENGTH = 8;
export const ENROLMENT_CODE_MINUTES = 10;

export const KIOSK_NAME_MAX = 60;
export const INVALID_ENROLMENT_CODE_MESSAGE =
  'This code is not valid. Codes work once, for 10 minutes: ask an admin for a new one.';

const deviceName = text()
  .min(1, 'Enter a name for the device')
  .max(KIOSK_NAME_MAX, `Use at most ${KIOSK_NAME_MAX} characters`);

export const createEnrolmentCodeRequestSchema = z.object({ name: deviceName }).strict();
export type CreateEnrolmentCodeRequest = z.infer<typeof createEnrolmentCodeRequestSchema>;

export const enrolmentCodeResponseSchema = z.object({
  code: z.string(),
  deviceName: z.string(),
  expiresAt: z.string(),
});
export type EnrolmentCodeResponse = z.infer<typeof enrolmentCodeResponseSchema>;

/** What a device types: spaces and dashes are ignored, letters in either case. */
export const enrolDeviceRequestSchema = z
  .object({
    code: z
      .string({ error: INVALID_ENROLMENT_CODE_MESSAGE })
      .max(32, INVALID_ENROLMENT_CODE_MESSAGE)
      .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
      .refine(
        (code) =>
          code.length === ENROLMENT_CODE_LENGTH &&
          [...code].every((character) => ENROLMENT_CODE_ALPHABET.includes(character)),
        INVALID_ENROLMENT_CODE_MESSAGE,
      ),
  })
  .strict();
export type EnrolDeviceRequest = z.infer<typeof enrolDeviceRequestSchema>;

export const kioskDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type KioskDevice = z.infer<typeof kioskDeviceSchema>;

export const kioskDeviceResponseSchema = z.object({ device: kioskDeviceSchema });
export const kioskDevicesResponseSchema = z.object({ devices: z.array(kioskDeviceSchema) });
