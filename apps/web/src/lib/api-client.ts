import { t } from '@lingui/core/macro';
import type { ApiError as ApiErrorReply } from '@punchclock/shared/contracts/http';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http-header';
import { activeLocale } from './i18n';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The server's Retry-After, in seconds, when it said when to come back (429, 503). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function readRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The server (or the proxy in front of it) could not take the request now — busy (503, with
 * Retry-After), restarting or unreachable behind a proxy (502, 504) — and did nothing with it:
 * the same request may be sent again later.
 */
export function isServerBusy(error: unknown): error is ApiError {
  return error instanceof ApiError && [502, 503, 504].includes(error.status);
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The endpoint's response contract (a zod schema, or any parser); the reply is checked against it. */
  schema?: { parse: (payload: unknown) => T };
  signal?: AbortSignal;
}

/** The one way the web app talks to the API: same-origin cookie, CSRF header, typed errors. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  // The server answers (messages, exports) in the language the person reads the app in.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': activeLocale(),
  };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(t`Cannot reach the server. Check your connection.`, 0, 'network');
  }

  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const reply = readErrorReply(payload);
    const status = response.status;
    throw new ApiError(
      reply?.message ?? t`Request failed (${status})`,
      response.status,
      reply?.code,
      readRetryAfter(response.headers.get('retry-after')),
    );
  }
  return schema ? schema.parse(payload) : (payload as T);
}

/**
 * The error reply (contracts/http apiErrorSchema: a string `message`, an optional string `code`),
 * read without zod so the first page does not need the schema library; null when it is not one.
 */
export function readErrorReply(payload: unknown): ApiErrorReply | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { message, code } = payload as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  if (code !== undefined && typeof code !== 'string') return null;
  return code === undefined ? { message } : { message, code };
}

export function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}
