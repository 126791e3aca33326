import { AsyncLocalStorage } from 'node:async_hooks';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import { setupI18n, type I18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  negotiateLocale,
  parseAcceptLanguage,
  type Locale,
} from '@punchclock/shared/i18n/locales';
import { setI18nResolver } from '@punchclock/shared/i18n/runtime';
import { installLocalizedZodMessages } from '@punchclock/shared/contracts/zod-messages';
import { messages as frenchMessages } from '@punchclock/shared/locales/fr-CA/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    locale: Locale;
  }
}

/**
 * The server speaks each reader's language (decision 0036): a request's messages in its
 * Accept-Language (the web app sends the language the person reads it in), an email or a
 * notification in its recipient's. English is compiled into the code; French comes from the
 * compiled catalogue.
 */
const instances: Record<Locale, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: {} } }),
  'fr-CA': setupI18n({ locale: 'fr-CA', messages: { 'fr-CA': frenchMessages } }),
};
for (const instance of Object.values(instances)) {
  // Compiled messages are arrays; a plain string needs no compiling.
  instance.setMessagesCompiler((message) => [message]);
}

/** Work done for one person outside their request (an email, a notification, a job). */
const explicitLocale = new AsyncLocalStorage<Locale>();

setI18nResolver(
  () => instances[explicitLocale.getStore() ?? requestContext.get('locale') ?? DEFAULT_LOCALE],
);
// zod's issues without a message of their own speak the reader's language too (decision 0043).
installLocalizedZodMessages();

/** Runs `work` with every message in `locale` (null: the default language). */
export function withLocale<T>(locale: Locale | null | undefined, work: () => T): T {
  return explicitLocale.run(locale ?? DEFAULT_LOCALE, work);
}

export function requestLocale(request: FastifyRequest): Locale {
  return negotiateLocale(parseAcceptLanguage(request.headers['accept-language']));
}

/** Every request's messages follow its Accept-Language. */
export async function registerRequestLocale(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext);
  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.set('locale', requestLocale(request));
    done();
  });
}
