import { t } from '@lingui/core/macro';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
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

const idParams = z.object({ id: z.string() });

export function registerKioskRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const admin = { config: { access: 'admin' as const } };
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });

  app.post('/api/kiosk/enrolment-codes', admin, async (request, reply) =>
    reply.status(201).send(await createEnrolmentCode(db, request.body, actorOf(request))),
  );
  app.get('/api/kiosk/devices', admin, async () => ({ devices: await listDevices(db) }));
  app.post('/api/kiosk/devices/:id/revoke', admin, async (request) => ({
    device: await revokeDevice(db, idParams.parse(request.params).id, actorOf(request)),
  }));

  // Each person's own PIN; an admin resets (removes) it. Wrong PINs never lock it (0042).
  const signedIn = { config: { access: 'signed-in' as const } };
  app.get('/api/me/kiosk-pin', signedIn, async (request) =>
    getMyKioskPin(db, requireAuth(request).userId),
  );
  app.put('/api/me/kiosk-pin', signedIn, async (request) => ({
    pin: await setMyKioskPin(
      db,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
    ),
  }));
  app.get('/api/users/:id/kiosk', admin, async (request) =>
    getKioskCard(db, idParams.parse(request.params).id),
  );
  app.post('/api/users/:id/kiosk-pin/reset', admin, async (request) => ({
    pin: await resetKioskPinAsAdmin(db, idParams.parse(request.params).id, actorOf(request)),
  }));

  // The device side: no person is signed in; the device's own cookie says who it is.
  app.post('/api/kiosk/enrol', { config: { access: 'public' } }, async (request, reply) => {
    const { device, token } = await enrolDevice(db, request.body, getRequestMeta(request));
    setDeviceCookie(reply, request, config, token);
    return reply.status(201).send({ device });
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
  const device = { config: { access: 'public' as const } };
  app.get('/api/kiosk/device', device, async (request, reply) => {
    const thisDevice = await requireDevice(request, reply);
    return {
      device: thisDevice,
      timeZone: config.timeZone,
      sealingKey: await sealingKeyOf(db, thisDevice.id),
    };
  });
  app.post('/api/kiosk/identify', device, async (request, reply) =>
    identifyAtKiosk(db, await requireDevice(request, reply), request.body, config.timeZone),
  );
  app.post('/api/kiosk/punch', device, async (request, reply) => {
    const result = await punchAtKiosk(
      db,
      config,
      await requireDevice(request, reply),
      request.body,
      getRequestMeta(request),
    );
    return reply.status(result.isReplay ? 200 : 201).send(result);
  });
  app.post('/api/kiosk/offline-punch', device, async (request, reply) => {
    const result = await punchOfflineAtKiosk(
      db,
      config,
      await requireDevice(request, reply),
      request.body,
      getRequestMeta(request),
    );
    return reply.status(result.isReplay ? 200 : 201).send(result);
  });
}
