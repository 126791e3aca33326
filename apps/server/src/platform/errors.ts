import { t } from '@lingui/core/macro';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { requestLocale, withLocale } from './i18n.ts';

/** Typed errors: services throw these; one handler maps them to status and message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class Invalid extends AppError {
  constructor(message: string, code = 'invalid') {
    super(400, message, code);
  }
}
export class Unauthorized extends AppError {
  constructor(message = t`Please sign in`, code = 'unauthorized') {
    super(401, message, code);
  }
}
export class Forbidden extends AppError {
  constructor(message = t`You do not have access to this`, code = 'forbidden') {
    super(403, message, code);
  }
}
export class NotFound extends AppError {
  constructor(message = t`Not found`, code = 'not_found') {
    super(404, message, code);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, message, code);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'rate_limited');
  }
}

/**
 * The server cannot take the request now (the database's queue is full, platform/db-queue.ts):
 * nothing of it was done, and the same request may be sent again after `retryAfterSeconds`.
 */
export class ServiceUnavailable extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message, 'busy');
  }
}

/** Parse untrusted input with a shared contract; the first failing rule is the message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  // A request with no body is validated as an empty one, so the message names the first field.
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new Invalid(firstIssueMessage(result.error));
  return result.data;
}

/**
 * Fastify refuses some requests before a route reads them; its own texts are English and name
 * its internals, so they are said again in the reader's language, with codes of our own.
 */
function fastifyClientError(fastifyCode: string | undefined): { message: string; code: string } {
  switch (fastifyCode) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: t`The request is not valid JSON`, code: 'invalid_json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: t`The request has no body`, code: 'empty_body' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: t`The request is too large`, code: 'body_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: t`Send the request as JSON`, code: 'unsupported_media_type' };
    default:
      return { message: t`The request could not be read`, code: 'bad_request' };
  }
}

/**
 * Fastify's answer to a request it cannot route at all (a URL that does not decode), made before
 * any hook runs: said in the request's language like every other refusal. For the `frameworkErrors`
 * option of the Fastify constructor.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message = withLocale(requestLocale(request), () =>
    error.code === 'FST_ERR_BAD_URL'
      ? t`The address asked for is not valid`
      : t`The request could not be read`,
  );
  void reply
    .status(400)
    .send({ message, code: error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request' });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequests || error instanceof ServiceUnavailable) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      return reply.status(status).send(fastifyClientError((error as FastifyError).code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: t`Something went wrong`, code: 'internal' });
  });
}

/** A PostgreSQL unique-index refusal (23505), however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
