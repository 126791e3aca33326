import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** What the provider says about a person; by default their email, verified, and nothing else. */
export interface TestAccount {
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Overrides the claims sent for an email (e.g. unverified, or in some groups). */
  setAccount(email: string, account: TestAccount): void;
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on 127.0.0.1, for tests: one
 * confidential client, PKCE required, and a sign-in page where any email signs in (an email
 * is the account). Consent is taken as given, as for a company's own app.
 */
export async function startTestOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'punchclock-test';
  const clientSecret = options.clientSecret ?? 'test-client-secret-that-is-long-enough';
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups'],
    },
    // The scope's claims go in the ID token itself, as most company providers send them.
    conformIdTokenClaims: false,
    findAccount: (_context, id) => {
      const account = accounts.get(id.toLowerCase()) ?? {};
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: id,
          email_verified: account.emailVerified ?? true,
          ...(account.name ? { name: account.name } : {}),
          ...(account.groups ? { groups: account.groups } : {}),
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (context: KoaContextWithOIDC) => {
      const { client, session } = context.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new context.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['punchclock-test-oidc-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  const handleProvider = provider.callback();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(path);
    if (!interaction) return handleProvider(request, response);
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'POST' && interaction[2]) {
      const email = (await readForm(request)).get('email')?.trim() ?? '';
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: email } },
        { mergeWithLastSubmission: false },
      );
      return undefined;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}/login">
<label>Work email <input name="email" type="email" autocomplete="off" required></label>
<button type="submit">Continue</button></form></main></body></html>`);
    return undefined;
  };
  server.on('request', (request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (email, account) => accounts.set(email.toLowerCase(), account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
