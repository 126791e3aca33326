import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { timeStateSchema } from './time-tracking.ts';
import { isoDate, pageQueryFields, text } from './common.ts';
import { emailSchema, passwordSchema, roleSchema } from './auth.ts';

/** A position (role label) on a shift or among a person's skills, e.g. "Cashier". */
export const positionSchema = text()
  .min(1, { error: () => t`Name the position` })
  .max(60, { error: () => t`Keep the position under 60 characters` });

/** A person's name as admins type it: the product's rules (§5), but required here. */
export const requiredNameSchema = text({ error: () => t`Name must be at least 2 characters` })
  .min(2, { error: () => t`Name must be at least 2 characters` })
  .max(100, { error: () => t`Name too long` });

export const userSummarySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema.nullable(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  isSuspended: z.boolean(),
  /** First day of employment (vacation entitlement counts from it); null when not recorded. */
  hireDate: isoDate.nullable(),
  /** Password sign-in is off for this person: they sign in through single sign-on (decision 0035). */
  ssoOnly: z.boolean(),
  /** Positions (skills) the person may work on the roster (#30), e.g. "Cashier". */
  positions: z.array(z.string()),
  /** Paid minutes a week the roster's auto-fill plans for them (#31); null: the team's. */
  minWeekMinutes: z.number().int().nullable(),
  maxWeekMinutes: z.number().int().nullable(),
  /** Whom the person reports to (#33): shown, imported and provisioned; approvals stay by team. */
  managerId: z.uuid().nullable(),
  managerName: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userRowSchema = userSummarySchema.extend({ timeState: timeStateSchema });
export type UserRow = z.infer<typeof userRowSchema>;

export const USER_SORTS = ['name', 'email', 'role', 'team', 'lastSignIn', 'created'] as const;

export const listUsersQuerySchema = z.object({
  search: text().max(100).optional(),
  role: roleSchema.optional(),
  status: z.enum(['active', 'suspended']).optional(),
  teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
  sort: z.enum(USER_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  ...pageQueryFields(25),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const listUsersResponseSchema = z.object({
  users: z.array(userRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Admins may change people; a team lead only reads their team. */
  canEdit: z.boolean(),
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

/** Everyone, compactly, for pickers (schedule assignment, team leads). */
export const directoryEntrySchema = userSummarySchema.pick({
  id: true,
  email: true,
  name: true,
  role: true,
  teamId: true,
  isSuspended: true,
});
export const directoryResponseSchema = z.object({ users: z.array(directoryEntrySchema) });
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** Without a password the server makes a one-time set-password link for the admin to pass on. */
export const createUserRequestSchema = z.object({
  name: requiredNameSchema,
  email: emailSchema,
  role: roleSchema,
  teamId: z
    .uuid({ error: () => t`Unknown team` })
    .nullable()
    .default(null),
  hireDate: isoDate.nullable().default(null),
  password: z.preprocess((value) => (value === '' ? undefined : value), passwordSchema.optional()),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** Minutes in a week, as the auto-fill's per-person limits take them (0 to 48 h). */
const weekMinutes = z
  .number({ error: () => t`Hours a week must be a number` })
  .int({ error: () => t`Hours a week must be whole minutes` })
  .min(0, { error: () => t`Hours a week must be between 0 and 48` })
  .max(2880, { error: () => t`Hours a week must be between 0 and 48` });

export const updateUserRequestSchema = z
  .object({
    name: requiredNameSchema,
    email: emailSchema,
    role: roleSchema,
    teamId: z.uuid({ error: () => t`Unknown team` }).nullable(),
    /** Left out: unchanged. */
    hireDate: isoDate.nullable().optional(),
    /** Left out: unchanged. True turns this person's password sign-in off. */
    ssoOnly: z.boolean().optional(),
    /** Left out: unchanged. Positions (skills) for the roster; duplicates are dropped. */
    positions: z
      .array(positionSchema)
      .max(20, { error: () => t`Give at most 20 positions` })
      .transform((positions) => [...new Set(positions)])
      .optional(),
    /** Left out: unchanged; null: the team's demand setting. */
    minWeekMinutes: weekMinutes.nullable().optional(),
    maxWeekMinutes: weekMinutes.nullable().optional(),
    /** Left out: unchanged; null: reports to nobody. */
    managerId: z
      .uuid({ error: () => t`Unknown person` })
      .nullable()
      .optional(),
  })
  .refine(
    (user) =>
      user.minWeekMinutes == null ||
      user.maxWeekMinutes == null ||
      user.minWeekMinutes <= user.maxWeekMinutes,
    {
      error: () => t`The minimum hours a week must not be above the maximum`,
      path: ['minWeekMinutes'],
    },
  );
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** A one-time link: the path carries the token after "#", so it never reaches server logs. */
export const setPasswordLinkSchema = z.object({
  path: z.string(),
  expiresAt: z.string(),
  /** Where the link was also emailed (SMTP configured, #18 point 5); null when it was not. */
  emailedTo: z.string().nullable(),
});
export type SetPasswordLink = z.infer<typeof setPasswordLinkSchema>;

export const createUserResponseSchema = z.object({
  user: userSummarySchema,
  setPasswordLink: setPasswordLinkSchema.nullable(),
});

/** PUT /api/users/:id, POST /api/users/:id/suspend and /unsuspend, PUT /api/me/profile. */
export const userResponseSchema = z.object({ user: userSummarySchema });

/** POST /api/users/:id/reset-password: the new one-time link for the admin to pass on. */
export const resetPasswordResponseSchema = z.object({ setPasswordLink: setPasswordLinkSchema });

/** POST /api/auth/password-link: the one-time link's token, to learn whose link it is. */
export const passwordLinkRequestSchema = z.object({ token: z.string().max(200).default('') });

export const setPasswordRequestSchema = z.object({
  token: z
    .string()
    .min(1, { error: () => t`This link is not valid` })
    .max(200, { error: () => t`This link is not valid` }),
  password: passwordSchema,
});

export const passwordTokenInfoSchema = z.object({ email: z.string(), purpose: z.string() });

/** POST /api/auth/set-password: whose password was set, to sign in with. */
export const setPasswordResponseSchema = z.object({ email: z.string() });

export const updateMyProfileRequestSchema = z.object({ name: requiredNameSchema });
export const changeMyPasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, { error: () => t`Enter your current password` }),
  newPassword: passwordSchema,
});

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  leadUserId: z.uuid().nullable(),
  leadName: z.string().nullable(),
  memberCount: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;
export const listTeamsResponseSchema = z.object({ teams: z.array(teamSchema) });
/** POST /api/teams and PUT /api/teams/:id. */
export const teamResponseSchema = z.object({ team: teamSchema });

export const teamInputSchema = z.object({
  name: text()
    .min(1, { error: () => t`Team name is required` })
    .max(100, { error: () => t`Team name must be at most 100 characters` }),
  leadUserId: z.uuid({ error: () => t`Unknown team lead` }).nullable(),
});
export type TeamInput = z.input<typeof teamInputSchema>;
