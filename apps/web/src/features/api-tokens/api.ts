import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiTokensResponseSchema,
  createApiTokenResponseSchema,
  type ApiToken,
} from '@punchclock/shared/contracts/api-tokens';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

export type TokensEndpoint = '/api/api-tokens' | '/api/admin/api-tokens';

const tokensQueryKey = (endpoint: TokensEndpoint) => ['api-tokens', endpoint] as const;

/** A list of tokens (the caller's, or everyone's for an admin) and revoking one of them. */
export function useApiTokens(endpoint: TokensEndpoint) {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: tokensQueryKey(endpoint),
    queryFn: ({ signal }) =>
      callEndpoint(`GET ${endpoint}`, { schema: apiTokensResponseSchema, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) =>
      callEndpoint('DELETE /api/api-tokens/:id', { params: { id: token.id } }),
    onSuccess: (_answer, token) => {
      const name = token.name;
      toast.success(t`Token “${name}” revoked`);
      void refresh();
    },
  });
  return { tokens, revoke, refresh };
}

/** A new token (its secret is in the answer, shown once); the form shows a refusal itself. */
export function useCreateApiToken(endpoint: TokensEndpoint) {
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: EndpointBody<`POST ${TokensEndpoint}`>) =>
      callEndpoint(`POST ${endpoint}`, { body: input, schema: createApiTokenResponseSchema }),
  });
}
