import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { LOCATION_MODES } from '../domain/location-modes.ts';
import { text } from './common.ts';

/*
 * Location policy per team (#17 point 3, decision 0028): admins set the mode and the allowed
 * places; punches carry the browser's position taken at the moment of the punch.
 */

export const locationModeSchema = z.enum(LOCATION_MODES, {
  error: () => t`Choose off, record, warn or require`,
});

/** The position a browser gives at the moment of a punch. */
export const punchPositionSchema = z
  .object({
    latitude: z
      .number()
      .min(-90, { error: () => t`Invalid position` })
      .max(90, { error: () => t`Invalid position` }),
    longitude: z
      .number()
      .min(-180, { error: () => t`Invalid position` })
      .max(180, { error: () => t`Invalid position` }),
    accuracyMetres: z
      .number()
      .min(0, { error: () => t`Invalid position` })
      .max(100_000, { error: () => t`Invalid position` }),
  })
  .strict();
export type PunchPosition = z.infer<typeof punchPositionSchema>;

const placeName = text()
  .min(1, { error: () => t`Name the place` })
  .max(80, { error: () => t`Use at most 80 characters` });

/** A CIDR range such as 203.0.113.0/24 or 2001:db8::/48 (checked again by the server). */
const cidr = z
  .string()
  .trim()
  .max(64, { error: () => t`Enter a network like 203.0.113.0/24` })
  .regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, { error: () => t`Enter a network like 203.0.113.0/24` });

export const addPlaceRequestSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('area'),
      name: placeName,
      latitude: punchPositionSchema.shape.latitude,
      longitude: punchPositionSchema.shape.longitude,
      radiusMetres: z
        .number({ error: () => t`Enter a radius in metres` })
        .int({ error: () => t`Enter a whole number of metres` })
        .min(20, { error: () => t`Use a radius of at least 20 m` })
        .max(50_000, { error: () => t`Use a radius of at most 50 km` }),
    })
    .strict(),
  z.object({ kind: z.literal('network'), name: placeName, cidr }).strict(),
]);
export type AddPlaceRequest = z.infer<typeof addPlaceRequestSchema>;

export const placeSchema = z.object({
  id: z.string(),
  kind: z.enum(['area', 'network']),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusMetres: z.number().nullable(),
  cidr: z.string().nullable(),
});
export type Place = z.infer<typeof placeSchema>;

/** POST /api/locations/teams/:id/places: the place just added. */
export const placeResponseSchema = z.object({ place: placeSchema });

export const teamLocationPolicySchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  mode: locationModeSchema,
  places: z.array(placeSchema),
});
export type TeamLocationPolicy = z.infer<typeof teamLocationPolicySchema>;

export const LOCATION_RETENTION_DEFAULT_DAYS = 90;

/** GET /api/locations: every team's policy, and how long punch locations are kept. */
export const locationPoliciesResponseSchema = z.object({
  teams: z.array(teamLocationPolicySchema),
  retentionDays: z.number().int(),
});
export type LocationPoliciesResponse = z.infer<typeof locationPoliciesResponseSchema>;

export const setLocationModeRequestSchema = z.object({ mode: locationModeSchema }).strict();
export const setRetentionRequestSchema = z
  .object({
    days: z
      .number({ error: () => t`Enter a number of days` })
      .int({ error: () => t`Enter a whole number of days` })
      .min(1, { error: () => t`Keep locations at least 1 day` })
      .max(3660, { error: () => t`Keep locations at most 10 years` }),
  })
  .strict();

/** Where a punch was made, as the person and admins see it (never team leads). */
export const punchLocationSchema = z.object({
  outcome: z.enum(['inside', 'outside', 'unknown']),
  placeName: z.string().nullable(),
  distanceMetres: z.number().nullable(),
  accuracyMetres: z.number().nullable(),
  isFlagged: z.boolean(),
});
export type PunchLocation = z.infer<typeof punchLocationSchema>;
