import { Trans } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useSignOut } from '@/features/auth';
import { TwoFactorSettings } from './two-factor-settings';

/**
 * What a person sees after signing in with a password when the company requires two-step
 * verification and they have none yet: the server answers every other route 403 until they
 * set one up (decision 0056), or sign out. Loaded only for such a session.
 */
export default function TwoFactorSetupPage() {
  const signOut = useSignOut();
  return (
    <main className="flex min-h-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <ShieldCheck className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold">
            <Trans>Set up two-step verification to continue</Trans>
          </h1>
          <CardDescription>
            <Trans>
              Your organization asks for a second step when you sign in with a password. Set up an
              authenticator app or a passkey; then Punchclock opens.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TwoFactorSettings />
          <Button type="button" variant="ghost" onClick={() => signOut.mutate(undefined)}>
            <Trans>Sign out</Trans>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
