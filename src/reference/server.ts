import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROTO_DIALECT, type Dialect } from '../dialect/dialect.js';
import { OPERATIONS, SERVICES, type Service } from '../protocol/operations.js';
import { router } from './shared/requests.js';
import { FAULTS, type FaultName } from './faults.js';
import type { HookPoints } from './hook-points.js';
import { MODULES } from './modules.js';
import { buildProfile, publishedKeys, versionsOf } from './profile.js';
import { envelopeRenderer } from './shared/envelope.js';
import { Hooks, type Plugs } from './shared/hooks.js';
import { generateKeys } from './shared/keys.js';
import type { Assembly, StoredResponse } from './shared/layer-hooks.js';
import { servicePipeline } from './shared/pipeline.js';
import { transportError } from './shared/replies.js';
import { profileSignatureHeaders } from './shared/signing.js';
import { REFERENCE_TLS } from './shared/tls.js';
import {
  createLimiter,
  crossing,
  type FieldConditions,
  oneAtATime,
  listeners,
  MAX_BODY,
  plainJson,
  rateLimited,
  readBody,
  repeatCounter,
  requestCounter,
  writeResponse,
} from './shared/transport.js';
import { VARIATIONS, type VariationName } from './variations.js';

export { REFERENCE_TLS };

/** Whether a request creates a cart or a session: what a create limit counts. */
const creates = router(OPERATIONS.filter((o) => o.creates));
const isCreate = (method: string, path: string) => typeof creates(method, path) === 'object';

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
  /** Latency, jitter and a rate limit, to bring the field into the lab; none changes what the business answers. */
  field?: FieldConditions;
}

export interface ReferenceBusiness {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Where the services listen: the same origin, or another under endpoint-other-origin. */
  servicesUrl: string;
  /** What a platform could still cancel: the carts and sessions a run left open. */
  open(): string[];
  /** What a run completed, which nothing undoes: the checkout and booking sessions a complete reached. */
  completed(): string[];
  close(): Promise<void>;
}

/** The business as the spec describes it: one origin, TLS 1.3 at least where it serves TLS, Content-Length. */
const CONFORMANT_ASSEMBLY: Assembly = {
  servicesOrigin: 'profile',
  https: false,
  minTls: 'TLSv1.3',
  clientCertificates: false,
  chunked: false,
  gzip: false,
};

/**
 * The hook points of one business: the plugs of the variations on, then of the faults on, each
 * in corpus order, so a fault has the last word where both act.
 */
export function hooksOf(faults: readonly string[], variations: readonly string[]): Hooks<HookPoints> {
  const on = [
    ...VARIATIONS.filter((v) => variations.includes(v.name)),
    ...FAULTS.filter((f) => faults.includes(f.name)),
  ];
  return new Hooks<HookPoints>(on.map((r) => (r as { plug?: Plugs<HookPoints> }).plug ?? {}));
}

/**
 * Starts the reference business on 127.0.0.1: the shared layer (the profile, the request pipeline,
 * the envelope) around the service modules, put together as the assembly hook says.
 */
export async function startReferenceBusiness(opts: ReferenceOptions = {}): Promise<ReferenceBusiness> {
  const dialect = opts.dialect ?? PROTO_DIALECT;
  const hooks = hooksOf(opts.faults ?? [], opts.variations ?? []);
  const assembly = hooks.run('server.assembly', CONFORMANT_ASSEMBLY);
  const keys = await generateKeys((key, thumbprint) => hooks.run('keys.kid', thumbprint, { key }));
  const versions = versionsOf(hooks);
  const publishesKeys = (publishedKeys(hooks, keys).published?.length ?? 0) > 0;
  const modules = (opts.services ?? SERVICES).map((service) => MODULES[service]({ hooks, version: versions.protocol }));
  const moduleOf = new Map(modules.flatMap((m) => m.capabilities.map((c) => [c, m] as const)));
  const render = envelopeRenderer({ dialect, hooks, versions, keys, publishesKeys, moduleOf });
  let base = '';
  let servicesBase = '';
  const serve = servicePipeline({
    dialect,
    hooks,
    modules,
    moduleOf,
    render,
    clientCertificates: assembly.clientCertificates,
    servicesBase: () => servicesBase,
  });

  /** The profile document's response (Document 1 §Profile document). */
  const profile = (): StoredResponse => {
    const type = hooks.run('profile.content-type', 'application/json');
    const text = JSON.stringify(buildProfile({ base, servicesBase, dialect, hooks, versions, keys, modules }));
    const signs = hooks.run('profile.signed', false) && publishesKeys;
    return hooks.run('profile.response', {
      status: 200,
      text,
      type,
      headers: signs ? profileSignatureHeaders(200, type, text, keys) : {},
    });
  };

  const recent = requestCounter();
  const repeats = repeatCounter();
  const turn = opts.field?.serial ? oneAtATime() : <T>(work: () => Promise<T>) => work();
  const createLimited = opts.field?.createLimit ? createLimiter(opts.field.createLimit) : undefined;
  const respond = async (req: IncomingMessage, serves: { profile: boolean; services: boolean }) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    await turn(async () => crossing(opts.field));
    const count = recent();
    const limited =
      (opts.field?.rateLimit ? rateLimited(count, opts.field.rateLimit) : undefined) ??
      (createLimited && serves.services && isCreate(req.method ?? '', url.pathname) ? createLimited() : undefined) ??
      hooks.run('transport.refusal', undefined, {
        recent: count,
        repeated: repeats(`${req.method} ${url.pathname} ${req.headers['idempotency-key'] ?? ''} ${raw ?? ''}`),
      });
    if (limited) return limited;
    if (raw === undefined) return plainJson(413, { code: 'request_too_large', content: `body over ${MAX_BODY} bytes` });
    if (serves.profile && url.pathname === dialect.wellKnownPath)
      return req.method === 'GET' ? profile() : plainJson(405, { code: 'method_not_allowed', content: 'GET only' });
    if (!serves.services) return render(transportError(404, 'not_found', `no endpoint at ${url.pathname}`));
    return serve(req, raw, url.pathname);
  };
  const listener = (serves: { profile: boolean; services: boolean }) => (req: IncomingMessage, res: ServerResponse) => {
    respond(req, serves)
      .then((out) => writeResponse(res, out, assembly, req))
      .catch((err: Error) => {
        writeResponse(res, plainJson(500, { code: 'internal_error', content: err.message }), assembly, req);
      });
  };

  const tls = opts.tls ?? (assembly.https ? { cert: REFERENCE_TLS.cert(), key: REFERENCE_TLS.key() } : undefined);
  const servers = listeners(assembly, tls, REFERENCE_TLS.clientCa);
  // The services listen on the profile's origin, or on one of their own, and only there.
  const split = assembly.servicesOrigin === 'own';
  base = await servers.listen(listener({ profile: true, services: !split }), opts.port ?? 0);
  servicesBase = split
    ? await servers.listen(listener({ profile: false, services: true }), 0, assembly.servicesPlainHttp)
    : base;
  const open = () => modules.flatMap((m) => m.open?.() ?? []);
  const completed = () => modules.flatMap((m) => m.completed?.() ?? []);
  return { url: base, servicesUrl: servicesBase, open, completed, close: servers.close };
}
