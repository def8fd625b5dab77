import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseDictionary } from 'structured-headers';
import { PROTO_DIALECT, wireName, type Dialect } from '../dialect/dialect.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { OPERATIONS, SERVICES, type Operation, type Service } from '../protocol/operations.js';
import { PRODUCTS } from './shopping/catalog-data.js';
import { bookingFixtures } from './lodging/fixtures.js';
import { MODULES } from './modules.js';
import type { Handler } from './shared/module.js';
import { FAULTS, type FaultName } from './faults.js';
import { Switches, type FaultSet, type VariationSet } from './switches.js';
import type { HookPoints } from './hook-points.js';
import { Hooks, type Plugs } from './shared/hooks.js';
import { IdempotencyStore, type StoredResponse } from './shared/idempotency.js';
import { profileSignatureHeaders, publishesKeys, signatureHeaders } from './shared/signing.js';
import { PlatformProfileResolver } from './shared/platform-profiles.js';
import { SIGNED_ON_COMPLETE_ONLY, signatureRefusal } from './shared/request-signatures.js';
import {
  buildProfile,
  capabilityVersion,
  generateKeys,
  protocolVersion,
  responseVersion,
  servicePath,
  serviceVersion,
} from './profile.js';
import {
  businessError,
  missingMembers,
  transportError,
  type BusinessError,
  type Reply,
  type ReplyMessage,
} from './shared/replies.js';
import { authRefusal, certificateRefusal } from './shared/auth.js';
import { VARIATIONS, type VariationName } from './variations.js';

export interface ReferenceOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  faults?: FaultName[];
  variations?: VariationName[];
  dialect?: Dialect;
  /** The services served and advertised; all three by default. */
  services?: readonly Service[];
  /** Serve HTTPS (TLS 1.3 only) with this certificate; the https-tls-1-3 variation uses the bundled one. */
  tls?: { cert: string; key: string };
}

/** The bundled self-signed test certificate for 127.0.0.1: public test material, not a secret. */
export const REFERENCE_TLS = {
  cert: () => tlsFile('reference-cert.pem'),
  key: () => tlsFile('reference-key.pem'),
  /** The test CA that signs the platform certificate the reference trusts under mtls-required. */
  clientCa: () => tlsFile('client-ca-cert.pem'),
  clientCertFile: () => join(PACKAGE_ROOT, 'src/reference/tls/client-cert.pem'),
  clientKeyFile: () => join(PACKAGE_ROOT, 'src/reference/tls/client-key.pem'),
};

function tlsFile(name: string): string {
  return readFileSync(join(PACKAGE_ROOT, 'src/reference/tls', name), 'utf8');
}

export interface ReferenceBusiness {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Where the services listen: the same origin, or another under endpoint-other-origin. */
  servicesUrl: string;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
/** Whom a request without a usable agent header is served as, under the agent-header faults. */
const ANONYMOUS = 'urn:anonymous-platform';
/** A well-formed version the profile never advertises, for the version-echo faults. */
const UNADVERTISED_VERSION = '2099-01-01';
/** A vendor capability responses echo under envelope-echoes-unadvertised-capability; no profile advertises it. */
const UNADVERTISED_CAPABILITY = 'com.example.gift_wrap';

/** Faults that take one endpoint away: the hook point where a route is missing or refused. */
const ROUTE_FAULTS: { fault: FaultName; operation: string; status: number; code: string }[] = [
  { fault: 'product-endpoint-missing', operation: 'catalog.product', status: 404, code: 'not_found' },
  { fault: 'search-endpoint-405', operation: 'catalog.search', status: 405, code: 'method_not_allowed' },
  { fault: 'cart-cancel-endpoint-missing', operation: 'cart.cancel', status: 404, code: 'not_found' },
  { fault: 'checkout-complete-endpoint-501', operation: 'checkout.complete', status: 501, code: 'not_implemented' },
  { fault: 'order-endpoint-missing', operation: 'order.get', status: 404, code: 'not_found' },
  { fault: 'ask-endpoint-missing', operation: 'ask', status: 404, code: 'not_found' },
  { fault: 'booking-cancel-endpoint-missing', operation: 'booking.cancel', status: 404, code: 'not_found' },
];

/**
 * The hook points of one business: the plugs of the variations on, then of the faults on, each
 * in corpus order, so a fault has the last word where both act.
 */
function hooksOf(faults: FaultSet, variations: VariationSet): Hooks<HookPoints> {
  const on = [...VARIATIONS.filter((v) => variations.has(v.name)), ...FAULTS.filter((f) => faults.has(f.name))];
  return new Hooks<HookPoints>(on.map((r) => (r as { plug?: Plugs<HookPoints> }).plug ?? {}));
}

/** Starts the reference business on 127.0.0.1. */
export async function startReferenceBusiness(opts: ReferenceOptions = {}): Promise<ReferenceBusiness> {
  const dialect = opts.dialect ?? PROTO_DIALECT;
  const faults: FaultSet = new Switches(opts.faults);
  const variations = new Switches<string>(opts.variations);
  const hooks = hooksOf(faults, variations);
  const keys = await generateKeys(variations.has('profile-kid-names'));
  const idempotency = new IdempotencyStore(faults, variations);
  const signed = variations.has('requires-signatures') || variations.has('signatures-on-complete-only');
  // Under signatures-on-complete-only the other operations never read a signature.
  const verifies = (op: Operation) =>
    !variations.has('signatures-on-complete-only') || SIGNED_ON_COMPLETE_ONLY.includes(op.name);
  const onComplete = variations.has('platform-profiles-fetched-on-complete');
  const platformProfiles =
    variations.has('platform-profiles-fetched') || onComplete || signed
      ? new PlatformProfileResolver(dialect, faults)
      : undefined;
  // Under platform-profiles-fetched-on-complete the platform is resolved only where it pays (complete).
  const resolves = (op: Operation) => !onComplete || SIGNED_ON_COMPLETE_ONLY.includes(op.name);
  const version = protocolVersion(variations);
  const modules = (opts.services ?? SERVICES).map((service) => MODULES[service]({ hooks, faults, variations }));
  const handlers: Record<string, Handler> = Object.assign({}, ...modules.map((m) => m.handlers));
  const routes = OPERATIONS.filter((o) => handlers[o.name] !== undefined);
  const moduleOf = new Map(modules.flatMap((m) => m.capabilities.map((c) => [c, m] as const)));
  // With endpoint-other-origin the services listen on an origin of their own, and only there.
  const split = variations.has('endpoint-other-origin');
  let base = '';
  let servicesBase = '';

  const listener = (serves: { profile: boolean; services: boolean }) => (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res, serves).catch((err: Error) => {
      send(res, 500, { code: 'internal_error', content: err.message });
    });
  };

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    serves: { profile: boolean; services: boolean },
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    if (raw === undefined) return send(res, 413, { code: 'request_too_large', content: `body over ${MAX_BODY} bytes` });

    if (serves.profile && url.pathname === dialect.wellKnownPath) {
      if (req.method !== 'GET') return send(res, 405, { code: 'method_not_allowed', content: 'GET only' });
      const type = faults.has('profile-content-type-text')
        ? 'text/plain'
        : faults.has('profile-content-type-json-seq')
          ? 'application/json-seq'
          : 'application/json';
      const text = JSON.stringify(buildProfile({ base, servicesBase, dialect, faults, variations, keys, modules }));
      const signs = variations.has('profile-response-signed') && publishesKeys(variations);
      return write(res, {
        status: 200,
        text,
        type,
        headers: signs ? profileSignatureHeaders(200, type, text, keys) : {},
      });
    }

    const match = serves.services ? route(req.method ?? 'GET', url.pathname) : 'no-route';
    if (match === 'no-route') return reply(res, transportError(404, 'not_found', `no endpoint at ${url.pathname}`));
    if (match === 'no-method')
      return reply(res, transportError(405, 'method_not_allowed', `${req.method} is not allowed on ${url.pathname}`));
    const { op, id } = match;
    const unrouted = ROUTE_FAULTS.find((r) => r.operation === op.name && faults.has(r.fault));
    if (unrouted)
      return reply(
        res,
        transportError(unrouted.status, unrouted.code, `${req.method} ${url.pathname}: ${unrouted.code}`),
      );
    const refused = (mtls ? certificateRefusal(req, faults) : undefined) ?? authRefusal(req, op, faults, variations);
    if (refused) return reply(res, refused);

    const agent = agentProfile(req);
    if (typeof agent !== 'string')
      return reply(
        res,
        transportError(
          agent.missing && faults.has('agent-header-missing-500') ? 500 : 400,
          'invalid_request',
          agent.problem,
        ),
      );
    const unresolved = resolves(op) ? await platformProfiles?.refusal(agent) : undefined;
    if (unresolved) return reply(res, unresolved);
    const unsigned =
      signed && platformProfiles && verifies(op)
        ? signatureRefusal(req, raw, op, agent, platformProfiles, faults)
        : undefined;
    if (unsigned) return reply(res, unsigned);
    const problem = headerProblem(req, op);
    if (problem) return reply(res, transportError(400, 'invalid_request', problem));
    let body: Record<string, unknown> = {};
    if (op.method !== 'GET') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw || 'null');
      } catch {
        // Under malformed-json-500 the parser's error crashes the handler; an empty body is no parser error.
        if (faults.has('malformed-json-500'))
          return reply(res, transportError(500, 'internal_error', 'Unexpected end of JSON input'));
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return reply(res, transportError(400, 'invalid_json', 'the body is not a JSON object'));
      body = parsed as Record<string, unknown>;
    }
    // Members the spec requires, checked once for every operation from the operations table.
    const absent = (op.required ?? []).filter((m) => body[m] === undefined);
    // required-members-made-anyway: a create says what is missing, but makes the resource with a default all the same.
    const madeAnyway =
      absent.length && op.creates && faults.has('required-members-made-anyway') ? missingMembers(absent).messages : [];
    if (absent.length && (faults.has('required-members-defaulted') || madeAnyway.length))
      Object.assign(body, defaultsFor(absent));
    else if (absent.length) {
      // required-members-422: code and content, and the missing messages a business outcome carries, under HTTP 422.
      if (faults.has('required-members-422')) {
        return reply(
          res,
          {
            ...missingMembers(absent),
            status: 422,
            extra: { code: 'missing', content: `${absent.join(', ')} is required` },
          },
          op,
        );
      }
      const misshapen = misshapenRefusal(absent, faults);
      if (misshapen) return reply(res, misshapen, op);
      const refusal =
        moduleOf.get(op.capability)?.refuseMissing?.(absent) ??
        (variations.has('required-members-as-messages')
          ? missingMembers(absent)
          : transportError(400, 'invalid_request', `${absent.join(', ')} is required`));
      return reply(res, refusal, op);
    }
    const run = () =>
      render(
        withMessages(
          handlers[op.name]({ body, id, hooks, faults, variations, platform: agent, base: servicesBase }),
          madeAnyway,
        ),
        op,
      );
    const key = req.headers['idempotency-key'];
    // Where the key is optional (Document 2 ask), a request that carries one gets the same rules.
    if (op.method === 'GET' || op.idempotency === 'none' || typeof key !== 'string') return write(res, run());
    const decision = idempotency.decide({
      platform: agent,
      key,
      operation: op.name,
      method: op.method,
      path: url.pathname,
      rawBody: raw,
    });
    if (decision.kind === 'replay') return write(res, decision.response);
    const conflict = () =>
      render(
        transportError(
          idempotency.conflictStatus(),
          'idempotency_conflict',
          'this Idempotency-Key was used with a different request',
        ),
      );
    if (decision.kind === 'conflict') return write(res, conflict());
    const out = run();
    decision.remember(out);
    return write(res, decision.kind === 'process-then-conflict' ? conflict() : out);
  }

  function route(method: string, path: string): { op: Operation; id?: string } | 'no-route' | 'no-method' {
    let pathMatched = false;
    for (const op of routes) {
      const m = pathPattern(op).exec(path);
      if (!m) continue;
      pathMatched = true;
      if (op.method === method) return { op, id: m[1] && decodeURIComponent(m[1]) };
    }
    return pathMatched ? 'no-method' : 'no-route';
  }

  /** The caller's profile URL from the agent header, or what is wrong with the header. */
  function agentProfile(req: IncomingMessage): string | { problem: string; missing?: boolean } {
    const agent = req.headers[dialect.agentHeader.toLowerCase()];
    // The agent-header faults act here; a valid header is always read the same way.
    const unchecked = faults.has('agent-header-unchecked');
    if (typeof agent !== 'string')
      return unchecked ? ANONYMOUS : { problem: `${dialect.agentHeader} header is required`, missing: true };
    try {
      const profile = parseDictionary(agent).get('profile');
      if (!profile || typeof profile[0] !== 'string') {
        return unchecked || faults.has('agent-header-any-dictionary')
          ? ANONYMOUS
          : { problem: `${dialect.agentHeader} needs a profile="<url>" member` };
      }
      return profile[0];
    } catch {
      if (faults.has('agent-header-lenient-parse')) return agent;
      return unchecked ? ANONYMOUS : { problem: `${dialect.agentHeader} is not an RFC 8941 dictionary` };
    }
  }

  function headerProblem(req: IncomingMessage, op: Operation): string | undefined {
    if (!req.headers['request-id']) return 'Request-Id header is required';
    if (op.idempotency === 'required' && !req.headers['idempotency-key'] && !faults.has('idempotency-key-optional'))
      return 'Idempotency-Key header is required';
    if (op.name === 'ask' && !req.headers['idempotency-key'] && faults.has('ask-key-required'))
      return 'Idempotency-Key header is required';
    return undefined;
  }

  function reply(res: ServerResponse, r: Reply, op?: Operation): void {
    write(res, render(r, op));
  }

  /** Wraps a handler's reply in the envelope; the envelope faults and variations live here, once for every endpoint. */
  function render(r: Reply, op?: Operation): StoredResponse {
    if (r.kind === 'transport-error') {
      if (faults.has('transport-error-html'))
        return {
          status: r.status,
          text: `<html><body><h1>${r.status}</h1><p>${r.content}</p></body></html>`,
          type: 'text/html',
        };
      const body =
        faults.has('transport-error-shape') && r.status === 400
          ? { error: r.content }
          : {
              code: r.code,
              ...(faults.has('transport-error-no-content') ? {} : { content: r.content }),
              ...(variations.has('transport-errors-detailed')
                ? { details: [{ reason: r.code }], request_id: `req-${Date.now()}` }
                : {}),
            };
      return { status: r.status, text: JSON.stringify(body), type: serviceType() };
    }
    // Any unrecoverable error makes the response an error response, resource or not.
    const messages = r.kind === 'resource' && Array.isArray(r.body.messages) ? (r.body.messages as ReplyMessage[]) : [];
    const error =
      r.kind === 'business-error' || messages.some((m) => m.type === 'error' && m.severity === 'unrecoverable');
    const successStatus = faults.has('envelope-status-vocabulary')
      ? 'ok'
      : variations.has('envelope-status-omitted')
        ? undefined
        : 'success';
    const envelope: Record<string, unknown> = {
      version: faults.has('envelope-version-format')
        ? '1.0'
        : faults.has('envelope-version-not-advertised')
          ? UNADVERTISED_VERSION
          : op
            ? responseVersion(op.service, op.capability, variations, faults)
            : version,
      ...(error
        ? { status: faults.has('error-status-success') ? 'success' : 'error' }
        : successStatus
          ? { status: successStatus }
          : {}),
      ...(op
        ? {
            capabilities: {
              [wireName(dialect, op.capability)]: [
                faults.has('capability-echo-without-version')
                  ? {}
                  : {
                      version: faults.has('capability-version-echo-differs')
                        ? UNADVERTISED_VERSION
                        : capabilityVersion(op.capability, variations, faults),
                    },
              ],
              ...(variations.has('envelope-echoes-unadvertised-capability')
                ? { [UNADVERTISED_CAPABILITY]: [{ version }] }
                : {}),
            },
          }
        : {}),
      ...(op ? moduleOf.get(op.capability)?.envelope?.(op, faults) : {}),
      ...(variations.has('envelope-echoes-registries') && op
        ? {
            services: { [wireName(dialect, op.service)]: [{ version: serviceVersion(variations), transport: 'rest' }] },
            map_order: { capabilities: [wireName(dialect, op.capability)] },
          }
        : {}),
    };
    if (faults.has('envelope-missing-version')) delete envelope.version;
    const errorMessages = faults.has('error-messages-empty') ? [] : r.kind === 'business-error' ? r.messages : [];
    const body: Record<string, unknown> =
      r.kind === 'business-error'
        ? {
            [dialect.envelopeKey]: envelope,
            ...(faults.has('error-without-messages') ? {} : { messages: errorMessages }),
            ...r.extra,
          }
        : { [dialect.envelopeKey]: envelope, ...r.body };
    if (faults.has('envelope-missing')) delete body[dialect.envelopeKey];
    // message-severity-vocabulary: every unrecoverable message says "fatal" on the wire.
    if (faults.has('message-severity-vocabulary') && Array.isArray(body.messages)) {
      body.messages = (body.messages as ReplyMessage[]).map((m) =>
        m.severity === 'unrecoverable' ? { ...m, severity: 'fatal' as never } : m,
      );
    }
    const status = r.status ?? 200;
    const text = JSON.stringify(body);
    const type = serviceType();
    return {
      status,
      text,
      type,
      headers: op ? signatureHeaders(op, status, type, text, { keys, faults, variations }) : {},
    };
  }

  const serviceType = () =>
    faults.has('response-content-type-text')
      ? 'text/plain'
      : variations.has('content-type-charset')
        ? 'application/json; charset=utf-8'
        : 'application/json';

  const chunked = variations.has('chunked-responses');
  function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
    write(res, { status, text: JSON.stringify(body), type });
  }

  function write(res: ServerResponse, { status, text, type, headers = {} }: StoredResponse): void {
    if (chunked) {
      res.writeHead(status, { 'Content-Type': type, ...headers });
      const half = Math.floor(text.length / 2);
      res.write(text.slice(0, half));
      res.end(text.slice(half));
      return;
    }
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }

  const servers: Server[] = [];
  // TLS 1.3 at least (Document 1 §What the service does); tls-1-2-accepted lowers the floor.
  const mtls = variations.has('mtls-required');
  const tls =
    opts.tls ??
    (variations.has('https-tls-1-3') || mtls ? { cert: REFERENCE_TLS.cert(), key: REFERENCE_TLS.key() } : undefined);
  // Under mtls-required a client certificate is asked for, and judged per request (401), not at the handshake.
  const clientAuth = mtls ? { requestCert: true, rejectUnauthorized: false, ca: REFERENCE_TLS.clientCa() } : {};
  const make = (handler: ReturnType<typeof listener>): Server =>
    tls
      ? createTlsServer(
          { ...tls, ...clientAuth, minVersion: faults.has('tls-1-2-accepted') ? 'TLSv1.2' : 'TLSv1.3' },
          handler,
        )
      : createServer(handler);
  const scheme = tls ? 'https' : 'http';
  const listen = async (server: Server, port: number): Promise<string> => {
    servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  base = await listen(make(listener({ profile: true, services: !split })), opts.port ?? 0);
  servicesBase = split ? await listen(make(listener({ profile: false, services: true })), 0) : base;
  return {
    url: base,
    servicesUrl: servicesBase,
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}

/**
 * A refusal of absent members as the faults misshape it: the missing messages as warnings, under
 * another code, or with the path given as an array of segments. Undefined without such a fault.
 */
function misshapenRefusal(absent: string[], faults: FaultSet): BusinessError | undefined {
  const { messages } = missingMembers(absent);
  if (faults.has('required-members-as-warnings'))
    return businessError(messages.map(({ severity: _s, ...m }) => ({ ...m, type: 'warning' })));
  if (faults.has('required-members-other-code')) return businessError(messages.map((m) => ({ ...m, code: 'invalid' })));
  // The path as JSON Pointer-like segments (["line_items"]), which no message path is.
  if (faults.has('required-members-path-segments'))
    return businessError(messages.map((m) => ({ ...m, path: [m.path!.slice(2)] as unknown as string })));
  return undefined;
}

/**
 * A resource reply with messages added (a create that also says what was missing), answered as a business outcome, HTTP
 * 200.
 */
function withMessages(r: Reply, messages: ReplyMessage[]): Reply {
  if (!messages.length || r.kind !== 'resource') return r;
  const before = Array.isArray(r.body.messages) ? r.body.messages : [];
  return { ...r, status: 200, body: { ...r.body, messages: [...before, ...messages] } };
}

/** required-members-defaulted: what a business that fills in what the platform left out would assume. */
function defaultsFor(members: string[]): Record<string, unknown> {
  const basket = [
    {
      item: { id: PRODUCTS.find((p) => !p.unavailable && p.variants.every((v) => v.available))!.variants[0].id },
      quantity: 1,
    },
  ];
  const { property, stays } = bookingFixtures([]);
  const defaults: Record<string, unknown> = { ids: [], id: '', line_items: basket, query: '', property, stays };
  return Object.fromEntries(members.map((m) => [m, defaults[m]]));
}

const patterns = new Map<Operation, RegExp>();
function pathPattern(op: Operation): RegExp {
  let p = patterns.get(op);
  if (!p) {
    const prefix = servicePath(op.service);
    const escaped = (prefix + op.path).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', '([^/]+)');
    p = new RegExp(`^${escaped}$`);
    patterns.set(op, p);
  }
  return p;
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
