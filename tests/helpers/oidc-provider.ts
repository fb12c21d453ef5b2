/**
 * A real OpenID Connect provider for the tests (the `oidc-provider` package, certified), listening
 * on 127.0.0.1. It has no login screen: whoever `signInAs` named last is signed in and consents at
 * once, so a test (or a browser) goes through the whole authorization-code flow with PKCE, state and
 * nonce exactly as with a team's provider.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  /** Most providers send a list; some send one name. */
  groups?: string[] | string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next sign-in is this person's. */
  signInAs(account: TestAccount): void;
  /**
   * Holds the provider's answer that sends the browser back to the app (with the code) this long,
   * from now on (0: no delay): a code can then expire on its way.
   */
  delayReturn(ms: number): void;
  /** Stops listening (the issuer is then down); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const TEST_CLIENT_ID = 'tasklane-test';
export const TEST_CLIENT_SECRET = 'tasklane-test-secret-0123456789';

/** Starts a provider that accepts `redirectUris` (the app's callback). Port 0: the OS picks one. */
export async function startTestProvider(options: {
  redirectUris: string[];
  port?: number;
  /** Seconds an authorization code is valid (the provider's default: 60). */
  codeTtlSeconds?: number;
}): Promise<TestProvider> {
  let account: TestAccount = { sub: 'nobody', email: 'nobody@example.com', emailVerified: true };
  let returnDelayMs = 0;
  const accounts = new Map<string, TestAccount>();
  let server: Server = createServer();
  // Listen first: the issuer URL carries the port.
  await listen(server, options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // Every client must use PKCE here (a confidential client need not, by the provider's default).
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    // Put the email and groups in the ID token too (as most providers do), not only in userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => {
      const found = accounts.get(id);
      if (!found) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: found.sub,
          ...(found.email === undefined ? {} : { email: found.email }),
          ...(found.emailVerified === undefined ? {} : { email_verified: found.emailVerified }),
          ...(found.name === undefined ? {} : { name: found.name }),
          ...(found.groups === undefined ? {} : { groups: found.groups }),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['tasklane-test-provider-cookie-key'] },
    ttl: {
      AuthorizationCode: options.codeTtlSeconds ?? 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      IdToken: 600,
      AccessToken: 600,
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const handle: Parameters<typeof createServer>[1] = (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await provider.interactionDetails(request, response);
          const signedIn = account;
          accounts.set(signedIn.sub, signedIn);
          const grant = new provider.Grant({
            accountId: signedIn.sub,
            clientId: String(details.params.client_id),
          });
          grant.addOIDCScope(String(details.params.scope));
          const grantId = await grant.save();
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: signedIn.sub }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          response.statusCode = 500;
          response.end(String(error));
        }
      })();
      return;
    }
    if (returnDelayMs > 0 && request.url?.startsWith('/auth/')) {
      // The answer (its headers included) leaves with end(): holding end() holds the redirect.
      const delay = returnDelayMs;
      const end = response.end.bind(response) as (...args: unknown[]) => void;
      response.end = ((...args: unknown[]) => {
        setTimeout(() => end(...args), delay);
        return response;
      }) as typeof response.end;
    }
    void callback(request, response);
  };
  server.on('request', handle);

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    signInAs(next) {
      account = next;
    },
    delayReturn(ms) {
      returnDelayMs = ms;
    },
    stop: () => close(server),
    async start() {
      server = createServer(handle);
      await listen(server, port);
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
