import { t } from '@lingui/core/macro';
import { z } from 'zod';

const isoDateMessage = () => t`Use a yyyy-MM-dd date`;

/**
 * The last day any date field takes. Reports and filters work out the day after a date (and up
 * to a year on, for range limits); past year 9999 that is a five-digit year, which PostgreSQL
 * cannot read back, so a date in 9999 would fail deep inside a query instead of here.
 */
const LATEST_DATE = '9998-12-31';

/** A real calendar date (not 2026-02-30), in the years the database and date arithmetic handle. */
export const isoDate = z.iso
  .date({ error: isoDateMessage })
  .refine((date) => date >= '0001-01-01', { error: isoDateMessage })
  .refine((date) => date <= LATEST_DATE, { error: () => t`Use a date before the year 9999` });

/**
 * A date pay is worked out around: a pay period's day, a lock's first and last day. Not before
 * 1900: pay reads days before it (the work week, the 4 weeks before a public holiday), and around
 * 0001-01-01 those fall in a year the database cannot hold (earlier dates are a typo anyway).
 */
export function periodDate() {
  return isoDate.refine((date) => date >= '1900-01-01', {
    error: () => t`Choose a date from 1900 on`,
  });
}

/*
 * The instants an input may carry: ISO 8601 with an offset, whose business day (in any zone,
 * up to 14 hours either side of UTC) falls within the dates above. Year 0000 would make a
 * business day of 1 BC, which PostgreSQL cannot read as written.
 */
const EARLIEST_INSTANT = Date.parse('0001-01-02T00:00:00Z');
const LATEST_INSTANT = Date.parse('9998-12-31T00:00:00Z');

/** An instant a person or device sends (a missed punch's time, an offline capture). */
export function instant(options: { error: () => string }) {
  return z.iso
    .datetime({ offset: true, error: options.error })
    .refine((value) => Date.parse(value) >= EARLIEST_INSTANT, { error: options.error })
    .refine((value) => Date.parse(value) <= LATEST_INSTANT, {
      error: () => t`Use a date before the year 9999`,
    });
}

/** In the reader's language (decision 0036). */
export function unsupportedCharactersMessage(): string {
  return t`Remove unsupported characters`;
}

/*
 * Control characters (NUL and friends, which PostgreSQL text cannot hold at all) and lone UTF-16
 * surrogates (half an emoji, which cannot be encoded as UTF-8, so the database would refuse it or
 * store a replacement character). In a `u` regex \p{Cs} matches only an unpaired surrogate: a
 * well-formed pair reads as one astral code point. (String.prototype.isWellFormed says the same
 * but needs the ES2024 lib, which the packages do not target.)
 */
const SINGLE_LINE_UNSUPPORTED = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_UNSUPPORTED = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

/**
 * The one rule for every string a person types or a URL carries (names, notes, reasons,
 * searches, filters): trimmed, and refused with a clear message when it holds characters that
 * cannot be stored or shown. `multiLine` allows tab and line breaks (notes, reasons, comments).
 * Chain the field's own length rules and messages after it.
 */
export function text(options: { multiLine?: boolean; error?: string | (() => string) } = {}) {
  const unsupported = options.multiLine ? MULTI_LINE_UNSUPPORTED : SINGLE_LINE_UNSUPPORTED;
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .trim()
    .refine((value) => !unsupported.test(value), { error: unsupportedCharactersMessage });
}

/** `page` and `pageSize` of a paged list's query (from the query string, so coerced). */
export function pageQueryFields(defaultPageSize: number) {
  return {
    page: z.coerce
      .number()
      .int()
      .min(1, { error: () => t`Page must be 1 or more` })
      .default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(100, { error: () => t`Page size must be at most 100` })
      .default(defaultPageSize),
  };
}
