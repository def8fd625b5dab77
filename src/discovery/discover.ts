import { TargetUnusableError, UsageError } from '../errors.js';
import { isObject, logicalName, wireName, type Dialect } from '../dialect/dialect.js';
import type { HttpClient } from '../http/client.js';
import type { Exchange } from '../report/exchange.js';
import { CAPABILITIES, serviceOf, SERVICES, type Service } from '../protocol/operations.js';
import type { ServiceBinding, Target } from './target.js';

export interface Overrides {
  /** `--endpoint SERVICE=URL`, already parsed. */
  endpoints: Map<Service, string>;
  /** `--capabilities`, dialect-free. */
  capabilities?: string[];
}

/**
 * Builds the target: reads the profile and finds, for each service, its REST endpoint and
 * advertised capabilities. `--endpoint` overrides where services live; the profile is still read
 * and checked when it can be, and only an unreadable profile with no override is fatal.
 */
export async function discover(
  url: string,
  dialect: Dialect,
  client: HttpClient,
  overrides: Overrides,
): Promise<Target> {
  const base = parseTargetUrl(url);
  let profile: Target['profile'];
  let profileNotRead: string | undefined;
  let profileRefused: Target['profileRefused'];
  try {
    profile = await readProfile(base, dialect, client);
  } catch (err) {
    if (!(err instanceof TargetUnusableError) || overrides.endpoints.size === 0) throw err;
    profileNotRead = `profile not read (${err.message}); --endpoint gave the services`;
    if (err.answered) profileRefused = { problem: err.message, exchange: err.answered };
  }
  const meta = profile ? (profile.document[dialect.envelopeKey] as Record<string, unknown>) : undefined;
  const services = new Map(profile?.services ?? []);
  for (const [service, endpoint] of overrides.endpoints)
    services.set(service, { endpoint: endpoint.replace(/\/+$/, '') });
  const registry = meta?.capabilities;
  const advertised = isObject(registry) ? Object.keys(registry) : [];
  const known = new Set(
    advertised.map((w) => logicalName(dialect, w)).filter((c): c is string => !!c && CAPABILITIES.includes(c)),
  );
  const notices: string[] = [];
  // A capability named short (`cart` for org.proto.shopping.cart) is no capability this tool knows: say so.
  for (const key of advertised) {
    const meant = logicalName(dialect, key)
      ? []
      : CAPABILITIES.filter((c) => (c === key || c.endsWith(`.${key}`)) && !known.has(c));
    if (meant.length)
      notices.push(
        `${dialect.envelopeKey}.capabilities names ${JSON.stringify(key)}, which is no capability name; did you mean ${meant.map((c) => wireName(dialect, c)).join(' or ')}? Its suites are not run`,
      );
  }
  const named = overrides.capabilities;
  // --capabilities narrows what a readable profile advertises: one it does not advertise is not the business's to
  // implement. A registry that is no object advertises nothing readable: the flag's names are checked as given.
  const readable = profile !== undefined && (registry === undefined || isObject(registry));
  if (named && profile && !readable)
    notices.push(
      `--capabilities: the profile's ${dialect.envelopeKey}.capabilities is ${Array.isArray(registry) ? 'an array' : typeof registry}, not a registry object, so what it advertises cannot be read; checking ${named.map((c) => wireName(dialect, c)).join(', ')} as --capabilities names them`,
    );
  const unadvertised = named && readable ? named.filter((c) => !known.has(c)) : [];
  if (unadvertised.length)
    notices.push(
      `--capabilities names ${unadvertised.map((c) => wireName(dialect, c)).join(', ')}, which the profile does not advertise${advertised.length ? ` (it advertises ${advertised.join(', ')})` : ''}: not checked`,
    );
  const wanted =
    named && readable
      ? named.filter((c) => known.has(c))
      : (named ?? (profile ? [...known] : CAPABILITIES.filter((c) => overrides.endpoints.has(serviceOf(c)))));
  const capabilities = new Set(wanted);
  for (const c of capabilities) {
    if (!services.has(serviceOf(c)) && !profile) {
      throw new UsageError(
        `--capabilities names ${wireName(dialect, c)} but no --endpoint ${serviceOf(c)}=URL was given`,
      );
    }
  }
  const excluded = new Set([...known].filter((c) => !capabilities.has(c)));
  const listed = profile ? advertised : [...capabilities].map((c) => wireName(dialect, c));
  return {
    url,
    dialect,
    profile,
    profileNotRead,
    ...(profileRefused ? { profileRefused } : {}),
    services,
    capabilities,
    ...(named ? { narrowed: true as const } : {}),
    excluded,
    advertised: listed,
    ...(notices.length ? { notices } : {}),
  };
}

/** Fetches and parses the profile; anything that makes it unusable is a TargetUnusableError. */
async function readProfile(base: URL, dialect: Dialect, client: HttpClient): Promise<NonNullable<Target['profile']>> {
  const requested = base.pathname.endsWith(dialect.wellKnownPath)
    ? base.href
    : new URL(dialect.wellKnownPath, base).href;
  const { exchange, url: profileUrl } = await fetchFollowingRedirects(client, requested);
  if (exchange.transportError) {
    const hint = certificateHint(exchange.transportError.code);
    throw new TargetUnusableError(
      `profile ${profileUrl} unreachable: ${exchange.transportError.message}${hint ? ` (${hint})` : ''}`,
    );
  }
  if (exchange.status !== 200) {
    throw new TargetUnusableError(`profile ${profileUrl} answered HTTP ${exchange.status}, expected 200`, exchange);
  }
  if (exchange.json === undefined) throw new TargetUnusableError(`profile ${profileUrl} is not JSON`, exchange);
  const document = exchange.json;
  if (!isObject(document) || !isObject(document[dialect.envelopeKey])) {
    throw new TargetUnusableError(
      `profile ${profileUrl} is not a profile: it has no "${dialect.envelopeKey}" object`,
      exchange,
    );
  }
  const meta = document[dialect.envelopeKey] as Record<string, unknown>;
  const services = new Map<Service, ServiceBinding>();
  for (const service of SERVICES) {
    const entries = isObject(meta.services) ? meta.services[wireName(dialect, service)] : undefined;
    if (entries !== undefined) services.set(service, bindingFrom(entries));
  }
  return { url: profileUrl, exchange, document, services };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** GETs the profile, following redirects (http to https, a moved host) as a browser would. */
async function fetchFollowingRedirects(
  client: HttpClient,
  first: string,
): Promise<{ exchange: Exchange; url: string }> {
  let url = first;
  for (let hop = 0; ; hop++) {
    const exchange = await client.send({ operation: 'profile', method: 'GET', url });
    const location = exchange.responseHeaders?.location;
    if (exchange.status === undefined || !REDIRECTS.has(exchange.status) || !location) return { exchange, url };
    if (hop === MAX_REDIRECTS) throw new TargetUnusableError(`profile ${first}: more than ${MAX_REDIRECTS} redirects`);
    try {
      url = new URL(location, url).href;
    } catch {
      throw new TargetUnusableError(`profile ${url} redirects to ${JSON.stringify(location)}, which is not a URL`);
    }
  }
}

/** Service entries are arrays; a lone object is tolerated here (the profile suite reports it). */
function bindingFrom(entries: unknown): ServiceBinding {
  const list = Array.isArray(entries) ? entries : [entries];
  const rest = list.find((e) => isObject(e) && e.transport === 'rest');
  if (!isObject(rest)) return { problem: 'no entry with transport "rest"' };
  const endpoint = rest.endpoint;
  if (typeof endpoint !== 'string') return { problem: 'the rest entry has no endpoint' };
  try {
    const u = new URL(endpoint);
    if (u.protocol !== 'https:' && u.protocol !== 'http:')
      return { problem: `endpoint ${endpoint} is not an HTTP(S) URL` };
  } catch {
    return { problem: `endpoint ${JSON.stringify(endpoint)} is not an absolute URL` };
  }
  return { endpoint: endpoint.replace(/\/+$/, '') };
}

function parseTargetUrl(url: string): URL {
  const hint = schemeless(url);
  if (hint) throw new UsageError(`target ${JSON.stringify(url)} has no scheme; did you mean ${hint}?`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`target ${JSON.stringify(url)} is not a URL (expected e.g. https://shop.example)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new UsageError(`target ${url} must be an http:// or https:// URL`);
  }
  return parsed;
}

/**
 * The URL meant by a host given without its scheme (`shop.example`, `localhost:8080`): https, but
 * http for this machine, where a test business listens. Undefined for anything else.
 */
function schemeless(url: string): string | undefined {
  const m = /^([\w-]+(?:\.[\w-]+)*)(:\d+)?(\/.*)?$/.exec(url);
  if (!m || (!m[1].includes('.') && !m[2])) return undefined;
  const local = m[1] === 'localhost' || /^127(\.\d+){3}$/.test(m[1]);
  return `${local ? 'http' : 'https'}://${url}`;
}

/** Parses `--endpoint SERVICE=URL`; SERVICE may be `shopping` or its wire name. */
export function parseEndpointOverride(dialect: Dialect, spec: string): [Service, string] {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new UsageError(`--endpoint ${spec}: expected SERVICE=URL`);
  const name = spec.slice(0, eq);
  const service = (logicalName(dialect, name) ?? name) as Service;
  if (!SERVICES.includes(service)) {
    throw new UsageError(`--endpoint ${spec}: unknown service ${name} (shopping, common or lodging)`);
  }
  const url = spec.slice(eq + 1);
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--endpoint ${spec}: ${url} is not a URL`);
  }
  return [service, url];
}

/**
 * Parses `--capabilities` entries: wire names (`org.proto.shopping.cart`), dialect-free names
 * (`shopping.cart`), or short names (`cart`, `checkout`, `catalog.search`) where only one
 * capability ends with them.
 */
export function parseCapabilityList(dialect: Dialect, list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      const logical = logicalName(dialect, name) ?? name;
      if (CAPABILITIES.includes(logical)) return logical;
      const matches = CAPABILITIES.filter((c) => c.endsWith(`.${logical}`));
      if (matches.length === 1) return matches[0];
      if (matches.length > 1) throw new UsageError(`--capabilities: ${name} is ambiguous: ${matches.join(', ')}`);
      throw new UsageError(`--capabilities: unknown capability ${name}; known: ${CAPABILITIES.join(', ')}`);
    });
}

/** TLS errors of a certificate no authority the run trusts has signed (a business with its own CA, or self-signed). */
const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);
/** TLS errors of a certificate that is trusted but wrong for the business (its name, its dates). */
const MISFIT = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

/** What to do about a certificate the run refused, for the one line a user reads. */
function certificateHint(code: string | undefined): string | undefined {
  if (code && UNTRUSTED.has(code))
    return 'a business with its own certificate authority needs --ca FILE; --insecure looks without verifying';
  if (code && MISFIT.has(code)) return '--insecure looks without verifying the certificate';
  return undefined;
}
