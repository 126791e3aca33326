import { t } from '@lingui/core/macro';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { Unauthorized } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { clearDeviceCookie, readDeviceToken, setDeviceCookie } from './device-cookie.ts';
import {
  createEnrolmentCode,
  enrolDevice,
  findActiveDevice,
  listDevices,
  revokeDevice,
} from './devices.ts';
import { identifyAtKiosk, punchAtKiosk, punchOfflineAtKiosk } from './at-the-kiosk.ts';
import { sealingKeyOf } from './sealed-pins.ts';
import { resetKioskPinAsAdmin, getKioskCard, getMyKioskPin, setMyKioskPin } from './pins.ts';

export function registerKioskRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'POST /api/kiosk/enrolment-codes', async ({ request, reply }) => {
    void reply.status(201);
    return createEnrolmentCode(db, request.body, actorOf(request));
  });
  implementEndpoint(app, 'GET /api/kiosk/devices', async () => ({
    devices: await listDevices(db),
  }));
  implementEndpoint(app, 'POST /api/kiosk/devices/:id/revoke', async ({ request, params }) => ({
    device: await revokeDevice(db, params.id, actorOf(request)),
  }));

  // Each person's own PIN; an admin resets (removes) it. Wrong PINs never lock it (0042).
  implementEndpoint(app, 'GET /api/me/kiosk-pin', async ({ request }) =>
    getMyKioskPin(db, requireAuth(request).userId),
  );
  implementEndpoint(app, 'PUT /api/me/kiosk-pin', async ({ request }) => ({
    pin: await setMyKioskPin(
      db,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
    ),
  }));
  implementEndpoint(app, 'GET /api/users/:id/kiosk', async ({ params }) =>
    getKioskCard(db, params.id),
  );
  implementEndpoint(app, 'POST /api/users/:id/kiosk-pin/reset', async ({ request, params }) => ({
    pin: await resetKioskPinAsAdmin(db, params.id, actorOf(request)),
  }));

  // The device side: no person is signed in; the device's own cookie says who it is.
  implementEndpoint(app, 'POST /api/kiosk/enrol', async ({ request, reply }) => {
    const { device, token } = await enrolDevice(db, request.body, getRequestMeta(request));
    setDeviceCookie(reply, request, config, token);
    void reply.status(201);
    return { device };
  });
  /** The enrolled device making the request; refused (and its dead cookie cleared) if none. */
  async function requireDevice(request: FastifyRequest, reply: FastifyReply) {
    const token = readDeviceToken(request);
    const device = token ? await findActiveDevice(db, token) : null;
    if (!device) {
      if (token) clearDeviceCookie(reply);
      throw new Unauthorized(t`This device is not enrolled as a kiosk`, 'kiosk_not_enrolled');
    }
    return device;
  }
  implementEndpoint(app, 'GET /api/kiosk/device', async ({ request, reply }) => {
    const thisDevice = await requireDevice(request, reply);
    return {
      device: thisDevice,
      timeZone: config.timeZone,
      sealingKey: await sealingKeyOf(db, thisDevice.id),
    };
  });
  implementEndpoint(app, 'POST /api/kiosk/identify', async ({ request, reply }) =>
    identifyAtKiosk(db, await requireDevice(request, reply), request.body, config.timeZone),
  );
  implementEndpoint(app, 'POST /api/kiosk/punch', async ({ request, reply }) => {
    const result = await punchAtKiosk(
      db,
      config,
      await requireDevice(request, reply),
      request.body,
      getRequestMeta(request),
    );
    void reply.status(result.isReplay ? 200 : 201);
    return result;
  });
  implementEndpoint(app, 'POST /api/kiosk/offline-punch', async ({ request, reply }) => {
    const result = await punchOfflineAtKiosk(
      db,
      config,
      await requireDevice(request, reply),
      request.body,
      getRequestMeta(request),
    );
    void reply.status(result.isReplay ? 200 : 201);
    return result;
  });
}
