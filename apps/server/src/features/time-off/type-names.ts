import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { LOCALES } from '@punchclock/shared/i18n/locales';
import { translate } from '@punchclock/shared/i18n/runtime';
import { withLocale } from '../../platform/i18n.ts';

/*
 * The leave types Punchclock creates (migrations 0008 and 0014) are stored under their English
 * names, and shown in each reader's language while they keep them (decision 0037). A name an
 * admin chose is data and is shown as written.
 */
const BUILT_IN: Record<string, MessageDescriptor> = {
  Vacation: msg({ message: 'Vacation', context: 'leave type' }),
  Sick: msg({ message: 'Sick', context: 'leave type' }),
  Personal: msg({ message: 'Personal', context: 'leave type' }),
  Unpaid: msg({ message: 'Unpaid', context: 'leave type' }),
  'Time off in lieu': msg({ message: 'Time off in lieu', context: 'leave type' }),
};

/** A stored leave type name as the current reader sees it. */
export function leaveTypeName(stored: string): string {
  const builtIn = BUILT_IN[stored];
  return builtIn ? translate(builtIn) : stored;
}

/**
 * The name to store for one an admin typed: a built-in name in any language ("Vacances") is
 * stored as the built-in ("Vacation"), so saving a form that shows it translated keeps it
 * translated for everyone, and it cannot be created twice under two languages' names.
 */
export function storedLeaveTypeName(given: string): string {
  const wanted = given.trim().toLocaleLowerCase();
  for (const [stored, descriptor] of Object.entries(BUILT_IN)) {
    for (const locale of LOCALES) {
      const shown = withLocale(locale, () => translate(descriptor));
      if (shown.toLocaleLowerCase() === wanted) return stored;
    }
  }
  return given;
}
