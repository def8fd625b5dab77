import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a hostile business answers to one request instead of the reference business, or undefined to pass it on. */
export type Hostility = (req: IncomingMessage, body: string) => HostileAnswer | undefined;

export interface HostileAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export interface HostileBusiness {
  url: string;
  close(): Promise<void>;
}

/**
 * A business in front of another (the reference business): every request is passed on and its answer
 * returned, with the other's origin written as this one's, except where `hostility` answers instead.
 * One real socket each way: what the checker meets is what a business across the network would send.
 */
export async function hostileBusiness(upstream: string, hostility: Hostility): Promise<HostileBusiness> {
  const from = new URL(upstream).origin;
  let own = '';
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const hostile = hostility(req, body);
    if (hostile) {
      res.writeHead(hostile.status ?? 200, { 'Content-Type': 'application/json', ...hostile.headers });
      res.end(hostile.body);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'accept-encoding'].includes(k)),
    ) as Record<string, string>;
    try {
      const answer = await fetch(from + (req.url ?? '/'), {
        method: req.method,
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
        redirect: 'manual',
      });
      const text = (await answer.text()).split(from).join(own);
      const passed: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) passed[k] = v;
      });
      res.writeHead(answer.status, passed);
      res.end(text);
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: own,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** JSON nested `depth` levels deep (objects in objects, or what `open` and `close` say), to overflow a walker. */
export const nestedJson = (depth: number, open = '{"a":', close = '}') =>
  `${open.repeat(depth)}1${close.repeat(depth)}`;
