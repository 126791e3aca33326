import type { FastifyInstance } from 'fastify';
import type { ListUsersResponse } from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { listUserSummaries } from './repository.ts';

export function registerUserRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/users', { config: { access: 'admin' } }, async (): Promise<ListUsersResponse> => {
    return { users: await listUserSummaries(db) };
  });
}
