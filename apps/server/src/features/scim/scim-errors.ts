// SCIM's error answers (RFC 7644 §3.12): every refusal on /scim/v2 is said in that shape.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '@lingui/core/macro';
import { SCIM_SCHEMAS } from '@punchclock/shared/contracts/scim';
import { AppError, TooManyRequests, ServiceUnavailable } from '../../platform/errors.ts';

/** The `scimType` values of RFC 7644 table 9 this server uses. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue';

/** A refusal with a SCIM type; thrown by the SCIM rules, answered by scimErrorHandler. */
export class ScimError extends AppError {
  constructor(
    statusCode: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(statusCode, message, scimType ?? 'scim');
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness');
export const scimNotFound = (detail: string) => new ScimError(404, detail);
export const preconditionFailed = () =>
  new ScimError(412, t`The resource changed since you read it (If-Match does not match its ETag)`);

/** The SCIM type of one of the app's own typed errors (a service of another feature threw it). */
function scimTypeOf(error: AppError): ScimType | undefined {
  if (error instanceof ScimError) return error.scimType;
  if (error.code === 'duplicate_email') return 'uniqueness';
  if (error.statusCode === 400) return 'invalidValue';
  if (error.statusCode === 409 && error.code === 'last_admin') return 'mutability';
  return undefined;
}

function fastifyClientError(error: FastifyError): { detail: string; scimType?: ScimType } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { detail: t`The request is not valid JSON`, scimType: 'invalidSyntax' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { detail: t`The request has no body`, scimType: 'invalidSyntax' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { detail: t`The request is too large` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { detail: t`Send the request as JSON`, scimType: 'invalidSyntax' };
    default:
      return { detail: t`The request could not be read`, scimType: 'invalidSyntax' };
  }
}

export function sendScimError(
  reply: FastifyReply,
  status: number,
  detail: string,
  scimType?: ScimType,
): FastifyReply {
  if (status === 401) void reply.header('www-authenticate', 'Bearer realm="punchclock"');
  return reply
    .status(status)
    .type('application/scim+json; charset=utf-8')
    .send({
      schemas: [SCIM_SCHEMAS.error],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    });
}

/** The error handler of the /scim/v2 routes: the app's typed errors, said as SCIM says them. */
export function scimErrorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    if (error instanceof TooManyRequests || error instanceof ServiceUnavailable) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return sendScimError(reply, error.statusCode, error.message, scimTypeOf(error));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const { detail, scimType } = fastifyClientError(error as FastifyError);
    return sendScimError(reply, status, detail, scimType);
  }
  request.log.error({ err: error }, 'unhandled error in a SCIM call');
  return sendScimError(reply, 500, t`Something went wrong`);
}
