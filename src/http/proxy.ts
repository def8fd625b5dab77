import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';

/**
 * The proxy a request to `url` goes through: `--proxy` when given, else HTTPS_PROXY (for https)
 * or HTTP_PROXY, in either case, as curl reads them; none when NO_PROXY names the host. What
 * undici's EnvHttpProxyAgent decides for the requests, for the one connection the run makes
 * itself (the TLS handshake it inspects).
 */
export function proxyFor(url: string, given: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const u = new URL(url);
  if (bypassed(u, noProxy(given, env))) return undefined;
  if (given) return given;
  const https = u.protocol === 'https:';
  return (https ? (env.HTTPS_PROXY ?? env.https_proxy) : undefined) ?? env.HTTP_PROXY ?? env.http_proxy ?? undefined;
}

/**
 * The hosts no proxy is used for: NO_PROXY, and with a proxy only the environment names, this
 * machine too (as Go's clients do), so a proxy set for the wider network never carries a run
 * against a business on loopback. `--proxy` carries everything NO_PROXY does not name.
 */
export function noProxy(given: string | undefined, env: NodeJS.ProcessEnv): string {
  const listed = env.NO_PROXY ?? env.no_proxy ?? '';
  return given ? listed : [listed, 'localhost', '127.0.0.1', '[::1]'].filter(Boolean).join(',');
}

/** Whether the environment names any proxy. */
export const proxyInEnvironment = (env: NodeJS.ProcessEnv): boolean =>
  ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((v) => env[v]);

/** NO_PROXY: `*`, or hosts (a leading `.` or `*.` for their subdomains too), each with an optional port. */
function bypassed(u: URL, noProxy: string): boolean {
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [, host, entryPort] = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(entry.replace(/^\*?\./, '')) ?? [];
      if (entryPort && entryPort !== port) return false;
      return host !== undefined && (u.hostname === host || u.hostname.endsWith(`.${host}`));
    });
}

/** A socket to `host:port` through the proxy's CONNECT tunnel, its credentials taken from the proxy URL. */
export function tunnel(proxy: string, host: string, port: number, timeoutMs: number): Promise<Socket> {
  const p = new URL(proxy);
  const auth = p.username
    ? {
        'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(p.username)}:${decodeURIComponent(p.password)}`).toString('base64')}`,
      }
    : {};
  const send = p.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send({
      host: p.hostname,
      port: Number(p.port || (p.protocol === 'https:' ? 443 : 80)),
      method: 'CONNECT',
      path: `${host.includes(':') ? `[${host}]` : host}:${port}`,
      headers: { host: `${host}:${port}`, ...auth },
      timeout: timeoutMs,
    });
    req.once('connect', (res, socket) => {
      if (res.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`the proxy answered CONNECT with ${res.statusCode}`));
      }
    });
    req.once('timeout', () => req.destroy(new Error(`the proxy did not answer within ${timeoutMs} ms`)));
    req.once('error', reject);
    req.end();
  });
}
