import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { LEAVE_PAY_CODES, PAY_CODES } from '../domain/pay/pay-codes.ts';
import { isoDate, periodDate, text } from './common.ts';

/*
 * Payroll (issue #14 §3, §6, §8): the admin-edited public holidays, pay rates, employee numbers,
 * export column presets and the payroll export. Admin only.
 */

export const payCodeSchema = z.enum(PAY_CODES);
export const leavePayCodeSchema = z.enum(LEAVE_PAY_CODES);

// ---- Public holidays --------------------------------------------------------------------------

export const holidayYearQuerySchema = z.object({
  year: z.coerce
    .number({ error: () => t`Give a year` })
    .int({ error: () => t`Give a whole year` })
    .min(2000, { error: () => t`Give a year from 2000 to 2100` })
    .max(2100, { error: () => t`Give a year from 2000 to 2100` }),
});

export const publicHolidayRowSchema = z.object({
  date: isoDate,
  name: z.string(),
  /** From Ontario's computed list, or added by an admin. */
  source: z.enum(['ontario', 'added']),
  /** An Ontario holiday an admin removed (listed so it can be restored). */
  isRemoved: z.boolean(),
});
export type PublicHolidayRow = z.infer<typeof publicHolidayRowSchema>;

export const publicHolidayListSchema = z.object({
  year: z.number().int(),
  holidays: z.array(publicHolidayRowSchema),
});
export type PublicHolidayList = z.infer<typeof publicHolidayListSchema>;

/** POST /api/payroll/holidays: the holiday just added. */
export const publicHolidayResponseSchema = z.object({ holiday: publicHolidayRowSchema });

export const addPublicHolidaySchema = z.object({
  date: isoDate.refine((date) => date >= '2000-01-01' && date <= '2100-12-31', {
    error: () => t`Give a date from 2000 to 2100`,
  }),
  name: text({ error: () => t`Give the holiday a name` })
    .min(1, { error: () => t`Give the holiday a name` })
    .max(80, { error: () => t`Keep the name under 80 characters` }),
});

// ---- Pay rates and employee numbers -----------------------------------------------------------

/** $0.01 to $1,000.00 an hour: anything above is a typo, not a wage. */
export const MAX_HOURLY_CENTS = 100_000;

export const payRateInputSchema = z.object({
  userId: z.uuid({ error: () => t`Choose a person` }),
  effectiveFrom: isoDate,
  hourlyCents: z
    .number({ error: () => t`Give the hourly rate in cents` })
    .int({ error: () => t`Give the rate in whole cents` })
    .min(1, { error: () => t`The hourly rate must be more than $0.00` })
    .max(MAX_HOURLY_CENTS, { error: () => t`The hourly rate must be at most $1,000.00` }),
});

export const payRateSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  effectiveFrom: isoDate,
  hourlyCents: z.number().int(),
});
export type PayRate = z.infer<typeof payRateSchema>;

export const payRatesQuerySchema = z.object({
  userId: z.uuid({ error: () => t`Choose a person` }),
});
/** GET /api/payroll/rates?userId: the person's rates. */
export const payRatesResponseSchema = z.object({ rates: z.array(payRateSchema) });
/** POST /api/payroll/rates: the rate just added. */
export const payRateResponseSchema = z.object({ rate: payRateSchema });

export const employeeNumberInputSchema = z.object({
  employeeNumber: text()
    .max(40, { error: () => t`Keep the employee number under 40 characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable(),
});
/** PUT /api/payroll/people/:id/employee-number: the number as saved (null: none). */
export const employeeNumberResponseSchema = z.object({ employeeNumber: z.string().nullable() });

/** A person on the payroll screen: their employee number and current rate. */
export const payrollPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  employeeNumber: z.string().nullable(),
  rates: z.array(payRateSchema),
});
export type PayrollPerson = z.infer<typeof payrollPersonSchema>;
/** GET /api/payroll/people. */
export const payrollPeopleResponseSchema = z.object({ people: z.array(payrollPersonSchema) });

// ---- Export presets ---------------------------------------------------------------------------

export const EXPORT_COLUMN_KEYS = [
  'employeeNumber',
  'name',
  'payCode',
  'hours',
  'minutes',
  'rate',
  'amount',
  'periodStart',
  'periodEnd',
  'baseRate',
  'multiplier',
] as const;
export type ExportColumnKey = (typeof EXPORT_COLUMN_KEYS)[number];

export const DEFAULT_EXPORT_HEADERS: Record<ExportColumnKey, string> = {
  employeeNumber: 'Employee number',
  name: 'Name',
  payCode: 'Pay code',
  hours: 'Hours',
  minutes: 'Minutes',
  rate: 'Rate',
  amount: 'Amount',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  baseRate: 'Base rate',
  multiplier: 'Multiplier',
};

const headerText = text()
  .min(1, { error: () => t`Every column needs a header` })
  .max(60, { error: () => t`Keep headers under 60 characters` });

export const presetInputSchema = z.object({
  name: text()
    .min(1, { error: () => t`Give the preset a name` })
    .max(60, { error: () => t`Keep the name under 60 characters` }),
  columns: z
    .array(
      z.object({
        key: z.enum(EXPORT_COLUMN_KEYS, { error: () => t`Unknown column` }),
        header: headerText,
      }),
    )
    .min(1, { error: () => t`Choose at least one column` })
    .refine((columns) => new Set(columns.map((column) => column.key)).size === columns.length, {
      error: () => t`Each column can be chosen once`,
    }),
  /** Pay code → the name the payroll system knows it by; codes left out keep their name. */
  codeRenames: z
    .partialRecord(
      payCodeSchema,
      text()
        .min(1, { error: () => t`A renamed pay code needs a name` })
        .max(30, { error: () => t`Keep pay codes under 30 characters` }),
    )
    .default({}),
});

export const presetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  columns: z.array(z.object({ key: z.enum(EXPORT_COLUMN_KEYS), header: z.string() })),
  codeRenames: z.partialRecord(payCodeSchema, z.string()),
});
export type Preset = z.infer<typeof presetSchema>;
/** GET /api/payroll/presets. */
export const presetsResponseSchema = z.object({ presets: z.array(presetSchema) });
/** POST /api/payroll/presets and PUT /api/payroll/presets/:id: the preset as saved. */
export const presetResponseSchema = z.object({ preset: presetSchema });

/** The built-in mapping when no preset is chosen. */
export const DEFAULT_PRESET_COLUMNS: Preset['columns'] = (
  ['employeeNumber', 'name', 'payCode', 'hours', 'minutes', 'rate', 'amount'] as const
).map((key) => ({ key, header: DEFAULT_EXPORT_HEADERS[key] }));

// ---- Export ----------------------------------------------------------------------------------

export const payrollQuerySchema = z.object({
  /** Any date in the pay period (its first day, usually). */
  date: periodDate(),
  presetId: z.uuid({ error: () => t`Unknown preset` }).optional(),
});

export const payrollExportQuerySchema = payrollQuerySchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: () => t`Choose csv or xlsx` }),
});

/** One person's minutes under one pay code (at one rate). */
export const payrollRowSchema = z.object({
  userId: z.uuid(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  payCode: payCodeSchema,
  minutes: z.number().int(),
  /** Hours in decimal to 2 places, e.g. "7.50". */
  hours: z.string(),
  /** The person's hourly (base) rate in cents. */
  rateCents: z.number().int().nullable(),
  /** The pay code's multiple of the base rate: 1, 1.5, 2, or 0. */
  multiplier: z.number(),
  /** The rate the amount was paid at (the file's Rate column), exact to the half cent. */
  paidRateCents: z.number().multipleOf(0.5).nullable(),
  amountCents: z.number().int().nullable(),
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollPreviewSchema = z.object({
  period: z.object({ start: isoDate, end: isoDate }),
  /** An active period lock covers the whole period: the final export is allowed. */
  isLocked: z.boolean(),
  rows: z.array(payrollRowSchema),
  /** The rows as the preset maps them: headers, then one array of cells per row. */
  headers: z.array(z.string()),
  cells: z.array(z.array(z.string())),
  totals: z.object({ minutes: z.number().int(), amountCents: z.number().int().nullable() }),
});
export type PayrollPreview = z.infer<typeof payrollPreviewSchema>;
