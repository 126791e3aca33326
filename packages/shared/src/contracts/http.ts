import { z } from 'zod';

/** Every error reply has this shape; `message` is what the user sees. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export { CSRF_HEADER } from './http-header.ts';
