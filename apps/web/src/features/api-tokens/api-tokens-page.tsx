import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CreateApiTokenResponse } from '@punchclock/shared/contracts/api-tokens';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { ApiTokenSummary, NewApiTokenForm, ShownSecret } from './api-token-parts';
import { useApiTokens } from './api';

/**
 * /api-tokens (admin): service tokens for other systems (payroll, HR, a badge reader), and
 * every personal token, so an admin can see what reaches the API and stop any of it.
 */
export default function ApiTokensPage() {
  const { t } = useLingui();
  const { tokens, revoke, refresh } = useApiTokens('/api/admin/api-tokens');
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>API Tokens</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Other systems call the API with a token (see{' '}
            <a className="underline" href="/api/docs">
              the API reference
            </a>
            ). A service token acts with the admin role within its scopes and can record punches on
            behalf of people; every call it makes is in the audit log.
          </Trans>
        </p>
      </div>
      <QueryState query={tokens}>
        {(data) => (
          <>
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>New service token</Trans>
                </CardTitle>
                <CardDescription>
                  <Trans>Give each system its own token, with only the scopes it needs.</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                {created && <ShownSecret created={created} />}
                <NewApiTokenForm
                  idPrefix="service-token"
                  endpoint="/api/admin/api-tokens"
                  availableScopes={data.availableScopes}
                  submitLabel={t`Make a service token`}
                  onCreated={(answer) => {
                    setCreated(answer);
                    void refresh();
                  }}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>All tokens</Trans>
                </CardTitle>
                <CardDescription>
                  <Trans>Service tokens and everyone’s personal tokens, newest first.</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent>
                {data.tokens.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>No tokens yet.</Trans>
                  </p>
                ) : (
                  <ul className="grid gap-2 md:grid-cols-2" aria-label={t`All API tokens`}>
                    {data.tokens.map((token) => (
                      <ApiTokenSummary
                        key={token.id}
                        token={token}
                        showOwner
                        onRevoke={(chosen) => revoke.mutate(chosen)}
                        isRevoking={revoke.isPending}
                      />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
