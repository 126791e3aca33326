// Open shifts and trades (#30 item 5): the market, and each step of a claim, swap or drop. The
// manager's step is in the approvals queue (POST /api/approvals/decide).
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { getShiftMarket } from './market.ts';
import {
  acceptShiftTrade,
  cancelShiftTrade,
  declineShiftTrade,
  requestShiftTrade,
} from './trades.ts';

export function registerShiftTradeRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'GET /api/shift-market', async ({ request }) =>
    getShiftMarket(db, config.timeZone, requireAuth(request)),
  );
  implementEndpoint(app, 'POST /api/shift-trades', async ({ request, reply }) => {
    const trade = await requestShiftTrade(
      db,
      config.timeZone,
      requireAuth(request),
      request.body,
      getRequestMeta(request),
    );
    void reply.status(201);
    return { trade };
  });
  implementEndpoint(app, 'POST /api/shift-trades/:id/accept', async ({ request, params }) => ({
    trade: await acceptShiftTrade(
      db,
      config.timeZone,
      requireAuth(request),
      params.id,
      getRequestMeta(request),
    ),
  }));
  implementEndpoint(app, 'POST /api/shift-trades/:id/decline', async ({ request, params }) => ({
    trade: await declineShiftTrade(db, requireAuth(request), params.id, getRequestMeta(request)),
  }));
  implementEndpoint(app, 'POST /api/shift-trades/:id/cancel', async ({ request, params }) => ({
    trade: await cancelShiftTrade(db, requireAuth(request), params.id, getRequestMeta(request)),
  }));
}
