/**
 * Per-address rate limits against the real server process (`npm start`), with the client address
 * forged in every request: the server must count the socket's peer, or with TRUST_PROXY=1 the
 * address its one trusted proxy saw, never what the client wrote.
 */
import { request as httpRequest, createServer, type IncomingMessage } from 'node:http';
import { expect, test } from './fixtures';
import { freePort, startAppServer, type AppProcess } from './process-helpers';

test.describe.configure({ mode: 'serial' });

interface Sent {
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  /** The loopback address the request leaves from (127.0.0.2, 127.0.0.3 …: different clients). */
  from?: string;
}

/** POSTs JSON with node's own client (Playwright's cannot pick the source address); resolves the status. */
function post(base: string, { path, body, headers = {}, from }: Sent): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${base}${path}`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Sends one after another (the limits count in order) and collects the statuses. */
async function sendAll(base: string, requests: Sent[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const sent of requests) statuses.push(await post(base, sent));
  return statuses;
}

const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `203.0.113.${i}` });
const wrongLogin = (i: number, from?: string): Sent => ({
  path: '/api/auth/login',
  body: { email: 'victim@example.com', password: `wrong-password-${i}`, role: 'user' },
  headers: forged(i),
  from,
});

/**
 * A reverse proxy as nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` is one:
 * it passes the client's header on and appends the address it sees the client at.
 */
async function startProxy(target: string): Promise<{ base: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const peer = (incoming.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const before = incoming.headers['x-forwarded-for'];
    const headers = { ...incoming.headers, 'x-forwarded-for': before ? `${before}, ${peer}` : peer };
    const upstream = httpRequest(
      `${target}${incoming.url}`,
      { method: incoming.method, headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('per-address rate limits @one-width', () => {
  let app: AppProcess | undefined;
  test.afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  test('npm start with no proxy: rotating forged X-Forwarded-For and X-Real-IP still hits the limits', async () => {
    test.setTimeout(120_000);
    app = await startAppServer({
      RATE_LIMIT_LOGIN_MAX_FAILURES: '5',
      RATE_LIMIT_REGISTER_MAX: '3',
      RATE_LIMIT_FORGOT_MAX: '2', // 8 per address
      RATE_LIMIT_CONTACT_MAX: '2',
    });
    const base = app.base;

    // Login: 5 failures per email + address, so the 6th wrong password is refused whatever the headers say.
    const logins = await sendAll(
      base,
      Array.from({ length: 8 }, (_, i) => wrongLogin(i)),
    );
    expect(logins).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const signUps = await sendAll(
      base,
      Array.from({ length: 5 }, (_, i) => ({
        path: '/api/auth/register',
        body: {
          fullName: `Person ${i}`,
          email: `person${i}@example.com`,
          password: 'a long password',
          role: 'user',
        },
        headers: forged(i),
      })),
    );
    expect(signUps).toEqual([201, 201, 201, 429, 429]);

    // Reset links: 2 per email, 8 per address: ten different emails from one address, forged each time.
    const resets = await sendAll(
      base,
      Array.from({ length: 10 }, (_, i) => ({
        path: '/api/forgot-password',
        body: { email: `nobody${i}@example.com`, role: 'user' },
        headers: forged(i),
      })),
    );
    expect(resets.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(resets.slice(8)).toEqual([429, 429]);

    const contacts = await sendAll(
      base,
      Array.from({ length: 3 }, (_, i) => ({
        path: '/api/contact',
        body: { name: 'Sam', email: 'sam@example.com', message: `Hello number ${i}` },
        headers: forged(i),
      })),
    );
    expect(contacts).toEqual([201, 201, 429]);
  });

  test('TRUST_PROXY=1 behind one proxy: the address the proxy saw counts, a forged extra hop does not', async () => {
    test.setTimeout(120_000);
    app = await startAppServer({ TRUST_PROXY: '1', RATE_LIMIT_LOGIN_MAX_FAILURES: '3' });
    const proxy = await startProxy(app.base);
    try {
      // Client A (127.0.0.2) forges a different first hop every time: its own count still runs out.
      const fromA = await sendAll(
        proxy.base,
        Array.from({ length: 5 }, (_, i) => wrongLogin(i, '127.0.0.2')),
      );
      expect(fromA).toEqual([401, 401, 401, 429, 429]);
      // Client B (127.0.0.3), behind the same proxy, has a count of its own: per client, not per proxy.
      // It claims to be A in its header; that changes nothing.
      const fromB = await sendAll(proxy.base, [
        { ...wrongLogin(10, '127.0.0.3'), headers: { 'x-forwarded-for': '127.0.0.2' } },
        wrongLogin(11, '127.0.0.3'),
      ]);
      expect(fromB).toEqual([401, 401]);
    } finally {
      await proxy.close();
    }
  });
});
