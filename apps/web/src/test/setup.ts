import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup } from '@testing-library/react';
import type * as TestingLibrary from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
});

// Components read their messages through Lingui (decision 0036): English, compiled in the code.
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Every rendered component gets the app's I18nProvider, as main.tsx gives the app. */
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof TestingLibrary>();
  const withI18n = ({ children }: { children: ReactNode }) =>
    createElement(I18nProvider, { i18n }, children);
  return {
    ...library,
    render: ((ui: Parameters<typeof library.render>[0], options?: RenderOptions) =>
      library.render(ui, { wrapper: withI18n, ...options })) as typeof library.render,
  };
});
