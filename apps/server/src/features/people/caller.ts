import type { RequestMeta } from '../../platform/request-meta.ts';

/** Who is acting, for the audit trail: the signed-in user (null for the CLI) and the request. */
export interface Actor {
  actorId: string | null;
  meta: RequestMeta;
}
