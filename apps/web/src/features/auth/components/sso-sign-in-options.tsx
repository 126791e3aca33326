import { ssoErrorMessage } from '@punchclock/shared/contracts/sso-messages';
import { Button } from '@/components/ui/button';

/** "Sign in with …" for each provider, and why the last try through one did not sign in. */
export default function SsoSignInOptions({
  errorCode,
  providers,
}: {
  errorCode: string | null;
  providers: { slug: string; name: string }[];
}) {
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
          <nav aria-label="Sign in with your organization" className="grid gap-2">
            {providers.map((provider) => (
              <Button key={provider.slug} variant="outline" className="w-full" asChild>
                {/* A full page load: the provider's pages are not ours. */}
                <a href={`/api/auth/sso/${provider.slug}/start?returnTo=/dashboard`}>
                  Sign in with {provider.name}
                </a>
              </Button>
            ))}
          </nav>
          <p className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            or with your password
            <span className="h-px flex-1 bg-border" />
          </p>
        </>
      )}
    </>
  );
}
