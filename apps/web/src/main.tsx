import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Fragment, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import { ToasterHost } from '@/components/toaster-host';
import { AppRoutes } from '@/app/router';
import { activateLocale, initialLocale } from '@/lib/i18n';
import { useTheme } from '@/lib/theme';
import { ConnectivityBanner } from '@/app/connectivity-banner';
import { ErrorBoundary } from '@/app/error-fallback';
import './index.css';

const queryClient = createQueryClient();

/** Toasts appear just below the top bar (and the offline banner), never over its buttons. */
const TOAST_TOP = 'calc(4.5rem + var(--connectivity-banner-height, 0px))';

function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <ToasterHost
      theme={theme}
      position="top-center"
      offset={{ top: TOAST_TOP }}
      mobileOffset={{ top: TOAST_TOP }}
      richColors
      closeButton
    />
  );
}

/** A new language redraws every screen at once, including text kept outside React state. */
function RedrawOnLanguageChange({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

// English is in the code; another remembered language is fetched before the first paint, so
// the app never flashes English at a French reader.
void activateLocale(initialLocale())
  .catch(() => activateLocale('en'))
  .then(render);

function render(): void {
  // What the server wrote in the old language (the built-in leave types' names, its messages)
  // is asked for again in the new one.
  i18n.on('change', () => void queryClient.invalidateQueries());
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            {/* The banner is in flow: the screens get the height left below it. */}
            <div className="flex h-dvh flex-col">
              <ConnectivityBanner />
              <div className="min-h-0 flex-1 overflow-y-auto">
                <RedrawOnLanguageChange>
                  <BrowserRouter>
                    <AppRoutes />
                  </BrowserRouter>
                </RedrawOnLanguageChange>
              </div>
            </div>
            <ThemedToaster />
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nProvider>
    </StrictMode>,
  );
}
