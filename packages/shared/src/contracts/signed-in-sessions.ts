import { z } from 'zod';

/*
 * Where you're signed in (#33 part 5): the caller's live sessions, ending one or all the others,
 * and an admin ending all of a person's sessions. A session is named by a public id derived from
 * its stored hash (decision 0057): never the hash itself.
 */

/** The kind of device a user agent says it is (bowser's platform types). */
export const SESSION_PLATFORMS = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;
export type SessionPlatform = (typeof SESSION_PLATFORMS)[number];

export const signedInSessionSchema = z.object({
  /** A public name for the session: a one-way hash of its stored id (UUID-shaped), for its owner only. */
  id: z.uuid(),
  /** "Chrome", "Safari", "Firefox"… null when the user agent says nothing we know. */
  browser: z.string().nullable(),
  /** The browser's major version ("131"). */
  browserVersion: z.string().nullable(),
  /** "Windows", "macOS", "iOS", "Android"… */
  os: z.string().nullable(),
  /** A phone or tablet's model when the user agent names it ("iPhone", "iPad"). */
  device: z.string().nullable(),
  platform: z.enum(SESSION_PLATFORMS),
  /** The address it signed in from (the last one it was seen at is not recorded). */
  ip: z.string().nullable(),
  /** How the person proved who they are: "password", "sso:<slug>", "password+totp", "passkey"… */
  signInMethod: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** The session this request was made with ("This device"). */
  isCurrent: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** GET /api/account/sessions: the caller's live sessions, this one first, then the most recently seen. */
export const signedInSessionsResponseSchema = z.object({
  sessions: z.array(signedInSessionSchema),
});
export type SignedInSessionsResponse = z.infer<typeof signedInSessionsResponseSchema>;

/** POST /api/account/sessions/sign-out-others and POST /api/users/:id/sessions/end. */
export const sessionsEndedResponseSchema = z.object({
  sessionsEnded: z.number().int().nonnegative(),
});
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponseSchema>;
