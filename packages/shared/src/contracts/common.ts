import { z } from 'zod';

const ISO_DATE_MESSAGE = 'Use a yyyy-MM-dd date';

/**
 * The last day any date field takes. Reports and filters work out the day after a date (and up
 * to a year on, for range limits); past year 9999 that is a five-digit year, which PostgreSQL
 * cannot read back, so a date in 9999 would fail deep inside a query instead of here.
 */
const LATEST_DATE = '9998-12-31';

/** A real calendar date (not 2026-02-30), in the years the database and date arithmetic handle. */
export const isoDate = z.iso
  .date(ISO_DATE_MESSAGE)
  .refine((date) => date >= '0001-01-01', ISO_DATE_MESSAGE)
  .refine((date) => date <= LATEST_DATE, 'Use a date before the year 9999');
