import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { ConnectivityBanner } from '@/features/system/connectivity-banner';
import { ErrorBoundary } from '@/features/system/error-fallback';
import { useTheme } from '@/lib/theme';
import './index.css';

const queryClient = createQueryClient();
const router = createAppRouter();

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} position="top-center" richColors closeButton />;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <div className="fixed inset-x-0 top-0 z-[60]">
          <ConnectivityBanner />
        </div>
        <RouterProvider router={router} />
        <ThemedToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
