// Public module of the system feature: error boundary, connectivity banner, not-found page.
export { ConnectivityBanner } from './connectivity-banner';
export { ErrorBoundary, ErrorFallback } from './error-fallback';
export { NotFoundPage } from './not-found-page';
