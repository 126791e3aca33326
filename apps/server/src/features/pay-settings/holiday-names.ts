import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ontarioPublicHolidays, type PublicHoliday } from '@punchclock/shared/domain/pay/holidays';
import { translate } from '@punchclock/shared/i18n/runtime';

/*
 * Ontario's public holidays (domain/pay/holidays.ts) are named in English, and shown in each
 * reader's language (decision 0043), as the built-in leave types are (decision 0037). The French
 * names are the Employment Standards Act's (Loi de 2000 sur les normes d'emploi). A holiday an
 * admin added, or an Ontario date an admin renamed, is data and is shown as written.
 */
const BUILT_IN: Record<string, MessageDescriptor> = {
  "New Year's Day": msg({ message: "New Year's Day", context: 'public holiday' }),
  'Family Day': msg({ message: 'Family Day', context: 'public holiday' }),
  'Good Friday': msg({ message: 'Good Friday', context: 'public holiday' }),
  'Victoria Day': msg({ message: 'Victoria Day', context: 'public holiday' }),
  'Canada Day': msg({ message: 'Canada Day', context: 'public holiday' }),
  'Labour Day': msg({ message: 'Labour Day', context: 'public holiday' }),
  Thanksgiving: msg({ message: 'Thanksgiving', context: 'public holiday' }),
  'Christmas Day': msg({ message: 'Christmas Day', context: 'public holiday' }),
  'Boxing Day': msg({ message: 'Boxing Day', context: 'public holiday' }),
};

/** Ontario's holiday on a 'yyyy-MM-dd' date, or null. */
export function ontarioHolidayOn(date: string): PublicHoliday | null {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year) || year < 1583) return null;
  return ontarioPublicHolidays(year).find((holiday) => holiday.date === date) ?? null;
}

/** A holiday's name as the current reader sees it. */
export function publicHolidayName(holiday: PublicHoliday): string {
  const builtIn = BUILT_IN[holiday.name];
  if (!builtIn || ontarioHolidayOn(holiday.date)?.name !== holiday.name) return holiday.name;
  return translate(builtIn);
}
