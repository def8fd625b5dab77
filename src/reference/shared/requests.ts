/**
 * The steps a service request goes through in the shared layer before its handler: routing, the
 * agent header, the header checks, the JSON body and the members the spec requires. Each passes
 * what it finds through its hook point, where the request faults and variations act.
 */
import type { IncomingMessage } from 'node:http';
import { parseDictionary } from 'structured-headers';
import type { Dialect } from '../../dialect/dialect.js';
import type { Operation } from '../../protocol/operations.js';
import { bookingFixtures } from '../lodging/fixtures.js';
import { servicePath } from '../profile.js';
import { PRODUCTS } from '../shopping/catalog-data.js';
import { Hooks } from './hooks.js';
import type { AgentProblem, LayerHooks, MissingFill } from './layer-hooks.js';
import type { ServiceModule } from './module.js';
import { transportError, type Reply } from './replies.js';

/** The operation a method and path reach among those served, with its `{id}`; or why none is reached. */
export function router(
  routes: readonly Operation[],
): (method: string, path: string) => { op: Operation; id?: string } | 'no-route' | 'no-method' {
  return (method, path) => {
    let pathMatched = false;
    for (const op of routes) {
      const m = pathPattern(op).exec(path);
      if (!m) continue;
      pathMatched = true;
      if (op.method === method) return { op, id: m[1] && decodeURIComponent(m[1]) };
    }
    return pathMatched ? 'no-method' : 'no-route';
  };
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

/** The caller's profile URL from the agent header (an RFC 8941 dictionary with profile="<url>"), or its refusal. */
export function agentPlatform(req: IncomingMessage, dialect: Dialect, hooks: Hooks<LayerHooks>): string | Reply {
  const value = req.headers[dialect.agentHeader.toLowerCase()];
  const header = typeof value === 'string' ? value : undefined;
  const refuse = (problem: AgentProblem, content: string) =>
    hooks.run('agent.platform', transportError(400, 'invalid_request', content), { header, problem });
  if (header === undefined) return refuse('missing', `${dialect.agentHeader} header is required`);
  let profile: ReturnType<ReturnType<typeof parseDictionary>['get']>;
  try {
    profile = parseDictionary(header).get('profile');
  } catch {
    return refuse('not-dictionary', `${dialect.agentHeader} is not an RFC 8941 dictionary`);
  }
  if (!profile || typeof profile[0] !== 'string')
    return refuse('no-profile', `${dialect.agentHeader} needs a profile="<url>" member`);
  return hooks.run('agent.platform', profile[0], { header });
}

/** What is wrong with the headers of a request (Request-Id always; Idempotency-Key where required). */
export function headerProblem(req: IncomingMessage, op: Operation, hooks: Hooks<LayerHooks>): string | undefined {
  const required = hooks.run(
    'request.required-headers',
    ['Request-Id', ...(op.idempotency === 'required' ? ['Idempotency-Key'] : [])],
    { op },
  );
  const absent = required.find((h) => !req.headers[h.toLowerCase()]);
  return absent && `${absent} header is required`;
}

/** A request body that is a JSON object, or its refusal. */
export function parseBody(
  raw: string,
  hooks: Hooks<LayerHooks>,
  at: { op: Operation; held: boolean | undefined; answer: (body: Record<string, unknown>) => Reply },
): Record<string, unknown> | Reply {
  let parsed: unknown;
  let parserFailed = false;
  try {
    // An empty body is no parser error: it is taken for null.
    parsed = JSON.parse(raw || 'null');
  } catch {
    parserFailed = true;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return hooks.run('request.json-refusal', transportError(400, 'invalid_json', 'the body is not a JSON object'), {
      parserFailed,
      ...at,
    });
  return parsed as Record<string, unknown>;
}

/**
 * Members the spec requires, checked once for every operation from the operations table: none
 * absent, or what is done instead of a refusal, or the refusal (the module's, where it refuses
 * otherwise than with HTTP 400).
 */
export function requiredMembers(
  body: Record<string, unknown>,
  op: Operation,
  module: ServiceModule | undefined,
  hooks: Hooks<LayerHooks>,
): { fill?: MissingFill } | { refusal: Reply } {
  const absent = (op.required ?? []).filter((m) => body[m] === undefined);
  if (!absent.length) return {};
  const fill = hooks.run('required-members.fill', undefined, { op, absent, defaults: defaultsFor(absent) });
  if (fill) return { fill };
  const refusal =
    module?.refuseMissing?.(absent) ?? transportError(400, 'invalid_request', `${absent.join(', ')} is required`);
  return { refusal: hooks.run('required-members.refusal', refusal, { op, absent }) };
}

/** What a business that fills in what the platform left out would assume, member by member. */
function defaultsFor(members: string[]): Record<string, unknown> {
  const basket = [
    {
      item: { id: PRODUCTS.find((p) => !p.unavailable && p.variants.every((v) => v.available))!.variants[0].id },
      quantity: 1,
    },
  ];
  const { property, stays } = bookingFixtures(new Hooks());
  const defaults: Record<string, unknown> = { ids: [], id: '', line_items: basket, query: '', property, stays };
  return Object.fromEntries(members.map((m) => [m, defaults[m]]));
}
