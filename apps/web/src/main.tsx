import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import { ToasterHost } from '@/components/toaster-host';
import { AppRoutes } from '@/app/router';
import { ConnectivityBanner, ErrorBoundary } from '@/features/system';
import { useTheme } from '@/lib/theme';
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

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {/* The banner is in flow: the screens get the height left below it. */}
        <div className="flex h-dvh flex-col">
          <ConnectivityBanner />
          <div className="min-h-0 flex-1 overflow-y-auto">
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </div>
        </div>
        <ThemedToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
