import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CreateApiTokenResponse } from '@punchclock/shared/contracts/api-tokens';
import { QueryState } from '@/components/ui/query-state';
import { ApiTokenSummary, NewApiTokenForm, ShownSecret } from './api-token-parts';
import { useApiTokens } from './api';

/**
 * Account settings → API tokens (#18 point 2): a person's own tokens for their scripts and
 * tools. A token acts as them, within the scopes their role can use.
 */
export default function PersonalApiTokens() {
  const { t } = useLingui();
  const { tokens, revoke, refresh } = useApiTokens('/api/api-tokens');
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="personal-api-tokens-title">
      <div>
        <h3 id="personal-api-tokens-title" className="font-medium">
          <Trans>API tokens</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            For your own scripts and tools: a token acts as you, only within its scopes.
          </Trans>
        </p>
      </div>
      <QueryState query={tokens}>
        {(data) => (
          <>
            {data.tokens.length > 0 && (
              <ul className="grid gap-2" aria-label={t`Your API tokens`}>
                {data.tokens.map((token) => (
                  <ApiTokenSummary
                    key={token.id}
                    token={token}
                    showOwner={false}
                    onRevoke={(chosen) => revoke.mutate(chosen)}
                    isRevoking={revoke.isPending}
                  />
                ))}
              </ul>
            )}
            {created && <ShownSecret created={created} />}
            <NewApiTokenForm
              idPrefix="personal-token"
              endpoint="/api/api-tokens"
              availableScopes={data.availableScopes}
              submitLabel={t`Make a token`}
              onCreated={(answer) => {
                setCreated(answer);
                void refresh();
              }}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
