import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="flex min-h-full items-center justify-center bg-background p-6">
      <div className="text-center">
        <p className="mb-2 text-6xl font-bold text-muted-foreground">404</p>
        <h1 className="mb-4 text-2xl font-semibold">
          <Trans>Oops! Page not found</Trans>
        </h1>
        <Link
          to="/"
          className="font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          <Trans>Return to Home</Trans>
        </Link>
      </div>
    </main>
  );
}
