import { z } from 'zod';
import { roleSchema } from './auth.ts';

export const userSummarySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema.nullable(),
  isSuspended: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const listUsersResponseSchema = z.object({ users: z.array(userSummarySchema) });
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;
