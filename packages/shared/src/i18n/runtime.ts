import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';

/**
 * The `i18n` every `t`/`plural` macro calls (lingui.config.js, runtimeConfigModule). In the
 * browser it is Lingui's one global instance, switched when the person picks a language. The
 * server answers many people at once, so it installs a resolver that finds the language of the
 * request (or email, or notification) being worked on (apps/server/src/platform/i18n.ts).
 */
let resolveI18n: () => I18n = () => globalI18n;

// English until something chooses: code that reads a message before the web app (or a test, or
// a script) has activated a language gets the source text instead of an error.
if (!globalI18n.locale) globalI18n.loadAndActivate({ locale: 'en', messages: {} });

export function setI18nResolver(resolver: () => I18n): void {
  resolveI18n = resolver;
}

export const i18n = {
  _(...args: Parameters<I18n['_']>): string {
    return resolveI18n()._(...args);
  },
  get locale(): string {
    return resolveI18n().locale;
  },
};

/** A message defined with `msg` (e.g. a label in a table of constants), in the current language. */
export function translate(descriptor: MessageDescriptor): string {
  return resolveI18n()._(descriptor);
}
