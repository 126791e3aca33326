import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_ENDPOINTS, type EndpointContract } from '@punchclock/shared/contracts/api-catalogue';

const CONTRACTS: Readonly<Record<string, EndpointContract>> = API_ENDPOINTS;

/**
 * Every JSON success answer in the API tests is checked against its contract in the catalogue
 * (the one the OpenAPI document publishes): an answer that breaks it becomes a 500 naming the
 * route and the first difference, so the test that made the call fails on it.
 */
export function checkAnswersAgainstContracts(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') {
      return payload;
    }
    const key = `${request.method} ${request.routeOptions.url ?? ''}`;
    const contract = CONTRACTS[key]?.response;
    if (!contract) return payload;
    const checked = contract.safeParse(JSON.parse(payload));
    if (checked.success) return payload;
    void reply.code(500);
    return JSON.stringify({
      message: `The answer of ${key} breaks its contract: ${z.prettifyError(checked.error)}`,
      code: 'contract_broken',
    });
  });
}
