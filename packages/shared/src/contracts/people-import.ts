import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { text } from './common.ts';

/*
 * Importing people from a CSV or XLSX file (#33 part 2, decision 0054).
 * One row a person, matched by email (any case); a preview first, then an all-or-nothing import.
 */

/** The columns of the template, in its order; the header row names them (English or French). */
export const PEOPLE_IMPORT_COLUMNS = [
  'name',
  'email',
  'role',
  'team',
  'employee_number',
  'hire_date',
  'hourly_rate',
  'language',
  'manager',
] as const;
export type PeopleImportColumn = (typeof PEOPLE_IMPORT_COLUMNS)[number];

/** The file: at most 5 MB, as base64 (a third larger). */
export const PEOPLE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const peopleImportFileSchema = z.object({
  fileName: text()
    .min(1, { error: () => t`Choose a file` })
    .max(200, { error: () => t`Keep the file name under 200 characters` }),
  /** The file's bytes in base64. */
  content: z
    .string({ error: () => t`Choose a file` })
    .min(1, { error: () => t`The file is empty` })
    .max(Math.ceil(PEOPLE_IMPORT_MAX_BYTES / 3) * 4, {
      error: () => t`The file is too large (5 MB at most)`,
    })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: () => t`The file could not be read` }),
});
export type PeopleImportFile = z.input<typeof peopleImportFileSchema>;

/** Whom the import invites: nobody, new people by a set-password link, or new people to sign in with SSO. */
export const PEOPLE_IMPORT_INVITATIONS = ['none', 'password', 'sso'] as const;
export type PeopleImportInvitations = (typeof PEOPLE_IMPORT_INVITATIONS)[number];

export const peopleImportCommitSchema = peopleImportFileSchema.extend({
  sendInvitations: z
    .enum(PEOPLE_IMPORT_INVITATIONS, { error: () => t`Choose whom to invite` })
    .default('none'),
});
export type PeopleImportCommit = z.input<typeof peopleImportCommitSchema>;

export const PEOPLE_IMPORT_STATUSES = ['new', 'updated', 'unchanged', 'refused'] as const;
export type PeopleImportStatus = (typeof PEOPLE_IMPORT_STATUSES)[number];

const columnSchema = z.enum(PEOPLE_IMPORT_COLUMNS);

export const peopleImportRowSchema = z.object({
  /** 1-based line of the file, the header being row 1. */
  row: z.number().int(),
  /** As written in the file (trimmed); may be invalid on a refused row. */
  email: z.string(),
  name: z.string(),
  status: z.enum(PEOPLE_IMPORT_STATUSES),
  /** What changes, as text for the preview (a new person: every value given). */
  changes: z.array(
    z.object({ column: columnSchema, before: z.string().nullable(), after: z.string().nullable() }),
  ),
  /** Why the row is refused, per cell (column null: the whole row). */
  problems: z.array(z.object({ column: columnSchema.nullable(), message: z.string() })),
});
export type PeopleImportRow = z.infer<typeof peopleImportRowSchema>;

export const peopleImportResultSchema = z.object({
  /** True only after a committed import; a preview, or an import with a refused row, wrote nothing. */
  imported: z.boolean(),
  /** The template columns the header row named, in file order. */
  columns: z.array(columnSchema),
  /** Header cells that name no column: left out (listed so a typo is seen). */
  ignoredColumns: z.array(z.string()),
  rows: z.array(peopleImportRowSchema),
  counts: z.object({
    new: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  /** Team names the import creates. */
  newTeams: z.array(z.string()),
  /** Invitations sent after the import (to new people only). */
  invitations: z.object({
    kind: z.enum(PEOPLE_IMPORT_INVITATIONS),
    count: z.number().int(),
    /** False when this server sends no email (no SMTP): nobody got one. */
    emailConfigured: z.boolean(),
  }),
});
export type PeopleImportResult = z.infer<typeof peopleImportResultSchema>;

export const peopleImportTemplateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: () => t`Choose CSV or XLSX` }).default('csv'),
});
