// Loaded when the sign-in form is first touched, not with the page: it brings zod.
import {
  firstIssueMessage,
  sessionUserSchema,
  signInRequestSchema,
} from '@punchclock/shared/contracts/auth';
import { z } from 'zod';

export { firstIssueMessage, signInRequestSchema };

export const signInResponseSchema = z.object({ user: sessionUserSchema });
