import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { isoDate, text } from './common.ts';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** The API token the change or call was made with; null for a browser session (0032). */
  apiToken: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditFilterSchema = z
  .object({
    actorId: z.uuid({ error: () => t`Unknown person` }).optional(),
    action: text().max(100).optional(),
    entityType: text().max(100).optional(),
    entityId: text().max(100).optional(),
    /** Business days, inclusive. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    error: () => t`The start date must be on or before the end date`,
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const listAuditQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    /** Cursor: entries older than this id (newest first). */
    before: z.coerce
      .number()
      .int()
      .positive({ error: () => t`Invalid cursor` })
      .optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(200, { error: () => t`Ask for at most 200 at a time` })
      .default(50),
  }),
);

export const listAuditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
});

export const auditFacetsResponseSchema = z.object({
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
});
