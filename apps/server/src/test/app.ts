import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { hashSessionToken } from '../platform/sessions.ts';
import { testConfig } from './config.ts';
import { checkAnswersAgainstContracts } from './response-contracts.ts';

/** What every state-changing request from the web app carries (platform/csrf.ts). */
export const CSRF_HEADERS = { [CSRF_HEADER]: '1' } as const;

export const SESSION_COOKIE_NAME = 'punchclock_session';

/**
 * Every inject comes from 127.0.0.1 unless told otherwise, so the production per-IP sign-in
 * limit would trip across a test file; rate-limit tests override these on purpose.
 */
const ROOMY_SIGN_IN_LIMITS: AppConfig['signInLimits'] = {
  perIp: { limit: 10_000, windowSeconds: 900 },
  perAccountAtIp: { limit: 10_000, windowSeconds: 900 },
  perAccount: { limit: 10_000, windowSeconds: 3600 },
};

/**
 * The real app on a test database, each JSON answer checked against its published contract
 * (response-contracts.ts); close it in afterAll / afterEach.
 */
export async function buildTestApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    database,
    config: testConfig({ signInLimits: ROOMY_SIGN_IN_LIMITS, ...overrides }),
  });
  checkAnswersAgainstContracts(app);
  return app;
}

let ipCounter = 0;

/** A client address no other test in this file uses (for the per-IP limit and audit rows). */
export function nextTestIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface SignInOptions {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** POST /api/auth/sign-in as the web app sends it. */
export function postSignIn(
  app: FastifyInstance,
  body: Record<string, unknown>,
  options: SignInOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { ...CSRF_HEADERS, 'user-agent': 'punchclock-tests', ...options.headers },
    remoteAddress: options.remoteAddress ?? nextTestIp(),
    payload: body,
  });
}

/** The session cookie a response set, as a Cookie request header ("name=value"). */
export function readSessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((each) => each.name === SESSION_COOKIE_NAME);
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in and returns the Cookie header to send with later requests. */
export async function signInAs(
  app: FastifyInstance,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<string> {
  const response = await postSignIn(app, { email, password }, options);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return readSessionCookie(response);
}

/** The sessions.id row behind a Cookie header (the table stores only the token's hash). */
export function sessionIdFromCookie(cookieHeader: string): string {
  const token = cookieHeader.slice(cookieHeader.indexOf('=') + 1);
  return hashSessionToken(token);
}

/** GET /api/auth/session with a cookie; `user` is null when the session is not live. */
export async function getSessionUser(app: FastifyInstance, cookieHeader: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: cookieHeader },
  });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/auth/session: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { user: { id: string; email: string; role: string | null } | null })
    .user;
}
