import { z } from 'zod';

/** Every error reply has this shape; `message` is what the user sees. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The header every state-changing request must carry (CSRF: forces a CORS preflight). */
export const CSRF_HEADER = 'x-csrf-protection';
