// The OpenID Connect client (openid-client): discovery, the authorization address, the code grant.
import type * as Oidc from 'openid-client';
import { lazyImport } from '../../platform/lazy-import.ts';

/** openid-client (and jose under it) loads on the first SSO sign-in, not at start. */
const loadOidc = lazyImport(() => import('openid-client'));

export interface ProviderConnection {
  id: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Changes whenever an admin edits the provider, so a cached discovery is not reused. */
  updatedAt: Date;
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * Discovery documents are cached per provider for a few minutes: reading the issuer's metadata
 * on every sign-in would make the provider's outage ours twice over. A cache, not state: any
 * instance fetches its own.
 */
const discovered = new Map<string, { config: Promise<Oidc.Configuration>; at: number }>();

/** Plain http is only for an issuer on this machine (tests, a local Keycloak). */
export function isLoopbackHttp(issuerUrl: string): boolean {
  const url = new URL(issuerUrl);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function configurationOf(provider: ProviderConnection): Promise<Oidc.Configuration> {
  const key = `${provider.id}@${provider.updatedAt.getTime()}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  for (const old of discovered.keys())
    if (old.startsWith(`${provider.id}@`)) discovered.delete(old);
  const config = discover(provider);
  discovered.set(key, { config, at: Date.now() });
  // A failed discovery is not remembered: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config;
}

async function discover(provider: ProviderConnection): Promise<Oidc.Configuration> {
  const oidc = await loadOidc();
  const insecure = isLoopbackHttp(provider.issuerUrl);
  const found = await oidc.discovery(
    new URL(provider.issuerUrl),
    provider.clientId,
    undefined,
    undefined,
    {
      timeout: REQUEST_TIMEOUT_SECONDS,
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    },
  );
  const server = found.serverMetadata();
  // The secret goes the way the provider takes it: HTTP Basic (the standard's default) unless
  // it lists only form posts; none at all for a public client.
  const methods = server.token_endpoint_auth_methods_supported;
  const authentication = !provider.clientSecret
    ? oidc.None()
    : !methods || methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(provider.clientSecret)
      : oidc.ClientSecretPost(provider.clientSecret);
  const config = new oidc.Configuration(server, provider.clientId, undefined, authentication);
  config.timeout = REQUEST_TIMEOUT_SECONDS;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

/** What a sign-in carries to the provider and must find again on the way back. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function newSignInChecks(): Promise<SignInChecks> {
  const oidc = await loadOidc();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization address for the Authorization Code flow with PKCE (S256). */
export async function authorizationUrl(
  provider: ProviderConnection,
  redirectUri: string,
  checks: SignInChecks,
): Promise<URL> {
  const [oidc, config] = await Promise.all([loadOidc(), configurationOf(provider)]);
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/**
 * Trades the code for tokens, checking state, nonce, PKCE, the issuer and the ID token's
 * signature, audience and expiry; returns the ID token's claims, completed from the userinfo
 * endpoint when the ID token carries no email (some providers send only `sub`).
 */
export async function finishCodeFlow(
  provider: ProviderConnection,
  callbackUrl: URL,
  checks: SignInChecks,
): Promise<Record<string, unknown>> {
  const [oidc, config] = await Promise.all([loadOidc(), configurationOf(provider)]);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  if (typeof claims.email === 'string') return { ...claims };
  const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  return { ...userInfo, ...claims, email: userInfo.email, email_verified: userInfo.email_verified };
}
