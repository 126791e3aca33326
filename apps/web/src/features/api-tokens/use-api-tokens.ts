import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokensResponseSchema, type ApiToken } from '@punchclock/shared/contracts/api-tokens';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type TokensEndpoint = '/api/api-tokens' | '/api/admin/api-tokens';

const tokensQueryKey = (endpoint: TokensEndpoint) => ['api-tokens', endpoint] as const;

/** A list of tokens (the caller's, or everyone's for an admin) and revoking one of them. */
export function useApiTokens(endpoint: TokensEndpoint) {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: tokensQueryKey(endpoint),
    queryFn: ({ signal }) => apiRequest(endpoint, { schema: apiTokensResponseSchema, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) =>
      apiRequest(`/api/api-tokens/${token.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, token) => {
      const name = token.name;
      toast.success(t`Token “${name}” revoked`);
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  return { tokens, revoke, refresh };
}
