import { Trans, useLingui } from '@lingui/react/macro';
import { ssoErrorMessage } from '@punchclock/shared/contracts/sso-messages';
import { Button } from '@/components/ui/button';
import { endpointPath } from '@/lib/call-endpoint';

/** Where signing in through a provider starts; it comes back to the dashboard. */
const ssoStartPath = (slug: string) =>
  endpointPath('GET /api/auth/sso/:slug/start', {
    params: { slug },
    query: { returnTo: '/dashboard' },
  });

/** "Sign in with …" for each provider, and why the last try through one did not sign in. */
export default function SsoSignInOptions({
  errorCode,
  providers,
}: {
  errorCode: string | null;
  providers: { slug: string; name: string }[];
}) {
  const { t } = useLingui();
  const error = ssoErrorMessage(errorCode);
  return (
    <>
      {error && (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
        >
          {error}
        </p>
      )}
      {providers.length > 0 && (
        <>
          <nav aria-label={t`Sign in with your organization`} className="grid gap-2">
            {providers.map(({ slug, name }) => (
              <Button key={slug} variant="outline" className="w-full" asChild>
                {/* A full page load: the provider's pages are not ours. */}
                <a href={ssoStartPath(slug)}>
                  <Trans>Sign in with {name}</Trans>
                </a>
              </Button>
            ))}
          </nav>
          <p className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            <Trans>or with your password</Trans>
            <span className="h-px flex-1 bg-border" />
          </p>
        </>
      )}
    </>
  );
}
