import { queryOptions } from '@tanstack/react-query';
import { setupDoneResponseSchema } from '@punchclock/shared/contracts/setup';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';

/** Whether the link's token may set the instance up (404: not a link; 409: already set up). */
export function setupLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['setup-link', token],
    queryFn: async () => {
      await callEndpoint('POST /api/setup/link', { body: { token } });
      return true;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Sets the instance up; the answer signs the new admin in (the cookie is set). */
export function completeSetup(input: EndpointBody<'POST /api/setup'>) {
  return callEndpoint('POST /api/setup', { body: input, schema: setupDoneResponseSchema });
}
