import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { instant, text } from './common.ts';
import { recordTimeEventRequestSchema, timeStateSchema } from './time-tracking.ts';

/*
 * Shared punching devices (#17 kiosk, decision 0026). An admin creates a one-time enrolment
 * code for a named device; the device redeems it once and then holds its own credential.
 */

/** Unambiguous characters only (no 0/O, 1/I/L): read off one screen, typed on another. */
export const ENROLMENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ENROLMENT_CODE_LENGTH = 8;
export const ENROLMENT_CODE_MINUTES = 10;

export const KIOSK_NAME_MAX = 60;

/** In the reader's language (decision 0036). */
export function invalidEnrolmentCodeMessage(): string {
  return t`This code is not valid. Codes work once, for 10 minutes: ask an admin for a new one.`;
}

const deviceName = text()
  .min(1, { error: () => t`Enter a name for the device` })
  .max(KIOSK_NAME_MAX, {
    error: () => {
      const max = KIOSK_NAME_MAX;
      return t`Use at most ${max} characters`;
    },
  });

export const createEnrolmentCodeRequestSchema = z.object({ name: deviceName }).strict();

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
      .string({ error: invalidEnrolmentCodeMessage })
      .max(32, { error: invalidEnrolmentCodeMessage })
      .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
      .refine(
        (code) =>
          code.length === ENROLMENT_CODE_LENGTH &&
          [...code].every((character) => ENROLMENT_CODE_ALPHABET.includes(character)),
        { error: invalidEnrolmentCodeMessage },
      ),
  })
  .strict();

export const kioskDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type KioskDevice = z.infer<typeof kioskDeviceSchema>;

export const kioskDeviceResponseSchema = z.object({ device: kioskDeviceSchema });
/**
 * GET /api/kiosk/device: the device asking, the business time zone it shows times in, and the
 * public key it seals PINs with for punches captured offline (SPKI, base64; decision 0027).
 */
export const thisKioskResponseSchema = z.object({
  device: kioskDeviceSchema,
  timeZone: z.string(),
  sealingKey: z.string(),
});
export type ThisKioskResponse = z.infer<typeof thisKioskResponseSchema>;
export const kioskDevicesResponseSchema = z.object({ devices: z.array(kioskDeviceSchema) });

/** In the reader's language (decision 0036). */
export function kioskPinRuleMessage(): string {
  return t`Use a PIN of 4 to 8 digits`;
}

/** In the reader's language (decision 0036). */
export function kioskPinGuessableMessage(): string {
  return t`Choose a PIN that is not one digit repeated or a run like 1234`;
}

/** One digit repeated (0000) or a run up or down (1234, 9876): the first PINs anyone tries. */
export function isGuessablePin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0));
  return (
    steps.every((step) => step === 0) ||
    steps.every((step) => step === 1) ||
    steps.every((step) => step === -1)
  );
}

export const kioskPinSchema = z
  .string({ error: kioskPinRuleMessage })
  .regex(/^\d{4,8}$/, { error: kioskPinRuleMessage })
  .refine((pin) => !isGuessablePin(pin), { error: kioskPinGuessableMessage });

/** Setting one's own PIN asks for the password again, like changing the password. */
export const setMyKioskPinRequestSchema = z
  .object({
    currentPassword: z.string().min(1, { error: () => t`Enter your current password` }),
    pin: kioskPinSchema,
  })
  .strict();

/** Wrong PINs slow the next try at that kiosk (decision 0042); they never lock a PIN. */
export const kioskPinStatusSchema = z.object({ isSet: z.boolean() });
export type KioskPinStatus = z.infer<typeof kioskPinStatusSchema>;

/** GET and PUT /api/me/kiosk-pin, POST /api/users/:id/kiosk-pin/reset. */
export const kioskPinResponseSchema = z.object({ pin: kioskPinStatusSchema });

/** GET /api/me/kiosk-pin: also the caller's own employee number, which they type at a kiosk. */
export const myKioskPinResponseSchema = kioskPinResponseSchema.extend({
  employeeNumber: z.string().nullable(),
});
export type MyKioskPinResponse = z.infer<typeof myKioskPinResponseSchema>;

/** GET /api/users/:id/kiosk (admin): what a badge prints and where the person's PIN stands. */
export const kioskCardResponseSchema = z.object({
  name: z.string(),
  employeeNumber: z.string().nullable(),
  pin: kioskPinStatusSchema,
});
export type KioskCardResponse = z.infer<typeof kioskCardResponseSchema>;

/** How long an identification at a kiosk lets that person punch there. */
export const KIOSK_GRANT_SECONDS = 60;

/** In the reader's language (decision 0036). */
export function kioskWrongCredentialsMessage(): string {
  return t`Employee number or PIN is not correct`;
}

/** In the reader's language (decision 0036). */
export function kioskNoPinMessage(): string {
  return t`Set a kiosk PIN in your account first`;
}

/** In the reader's language (decision 0036). */
export function kioskSharedNumberMessage(): string {
  return t`This employee number belongs to more than one person. Ask an admin.`;
}

export const identifyAtKioskRequestSchema = z
  .object({
    employeeNumber: text()
      .min(1, { error: () => t`Enter your employee number` })
      .max(64, { error: () => t`Enter your employee number` }),
    pin: z
      .string({ error: () => t`Enter your PIN (4 to 8 digits)` })
      .regex(/^\d{4,8}$/, { error: () => t`Enter your PIN (4 to 8 digits)` }),
  })
  .strict();
export type IdentifyAtKioskRequest = z.infer<typeof identifyAtKioskRequestSchema>;

export const identifyAtKioskResponseSchema = z.object({
  person: z.object({
    name: z.string(),
    state: timeStateSchema,
    stateSince: z.string().nullable(),
  }),
  grant: z.string(),
  expiresAt: z.string(),
});
export type IdentifyAtKioskResponse = z.infer<typeof identifyAtKioskResponseSchema>;

/** In the reader's language (decision 0036). */
export function kioskGrantExpiredMessage(): string {
  return t`Your minute is up. Enter your employee number and PIN again.`;
}

/** A punch at the kiosk for the person identified there (its grant), with its own event id. */
export const kioskPunchRequestSchema = recordTimeEventRequestSchema
  .pick({ id: true, eventType: true })
  .extend({ grant: z.string().min(1, { error: kioskGrantExpiredMessage }).max(100) })
  .strict();

/** In the reader's language (decision 0036). */
export function kioskUnreadablePinMessage(): string {
  return t`This punch was saved by another kiosk or has been altered: it cannot be checked.`;
}

/**
 * POST /api/kiosk/offline-punch: a punch captured while the kiosk was offline. `sealedPin` is
 * RSA-OAEP (SHA-256) over {"pin","id"} with the device's sealing key, base64.
 */
export const offlineKioskPunchRequestSchema = recordTimeEventRequestSchema
  .pick({ id: true, eventType: true })
  .extend({
    capturedOfflineAt: instant({ error: () => t`Invalid time` }),
    employeeNumber: identifyAtKioskRequestSchema.shape.employeeNumber,
    sealedPin: z
      .string()
      .max(1024, { error: kioskUnreadablePinMessage })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: kioskUnreadablePinMessage }),
  })
  .strict();
export type OfflineKioskPunchRequest = z.infer<typeof offlineKioskPunchRequestSchema>;

/** What is sealed: the PIN, bound to the one punch it was typed for. */
export const sealedPinContentSchema = z.object({ pin: z.string(), id: z.string() }).strict();
