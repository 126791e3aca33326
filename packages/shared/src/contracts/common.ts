import { z } from 'zod';

const ISO_DATE_MESSAGE = 'Use a yyyy-MM-dd date';

/** A real calendar date (not 2026-02-30), in the years the database can store. */
export const isoDate = z.iso
  .date(ISO_DATE_MESSAGE)
  .refine((date) => date >= '0001-01-01', ISO_DATE_MESSAGE);
