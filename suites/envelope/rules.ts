/** The envelope checks (ENV-001…010), judged over every service response of the run. */
import { envelopeOf, isObject, type Dialect } from '../../src/dialect/dialect.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import { carriesResourceOf, isErrorResponse, VERSION_PATTERN } from '../../src/protocol/envelope.js';
import { isSuccess } from '../../src/report/exchange.js';
import { brief, MESSAGE_TYPES, SEVERITIES } from '../../src/protocol/messages.js';
import { OPERATIONS } from '../../src/protocol/operations.js';
import type { Exchange } from '../../src/report/exchange.js';

const key = (d: Dialect) => d.envelopeKey;
/** Envelope rules judge what the services answer, not discovery. */
const isService = (x: Exchange) => x.service !== undefined;
/** Message members whose values are strings (Document 1 §Shared value objects). */
const STRING_MEMBERS = ['code', 'content', 'path', 'content_type', 'presentation'];
/**
 * Envelope members whose types the envelope rule judges; payment_handlers is judged where a session carries it
 * (suites/shared/session-rules.ts).
 */
const REGISTRIES = ['services', 'capabilities', 'map_order'] as const;

/** The totals entry types Document 1 §Shared value objects lists. */
const TOTALS_TYPES = ['subtotal', 'tax', 'fee', 'fulfillment', 'total'] as const;

/** Every totals array of a body, with its path: the resource's, its lines', its fulfillment options'. */
function totalsIn(body: unknown): [string, unknown[]][] {
  if (!isObject(body)) return [];
  const out: [string, unknown[]][] = [];
  const take = (at: string, v: unknown) => {
    if (isObject(v) && Array.isArray(v.totals)) out.push([`${at}.totals`, v.totals]);
  };
  const each = (v: unknown): [number, unknown][] => (Array.isArray(v) ? [...v.entries()] : []);
  take('$', body);
  for (const [i, line] of each(body.line_items)) take(`$.line_items[${i}]`, line);
  for (const [i, m] of each(isObject(body.fulfillment) ? body.fulfillment.methods : undefined))
    for (const [j, g] of each(isObject(m) ? m.groups : undefined))
      for (const [k, o] of each(isObject(g) ? g.options : undefined))
        take(`$.fulfillment.methods[${i}].groups[${j}].options[${k}]`, o);
  return out;
}

const envelope = (x: Exchange, d: Dialect) => {
  const env = envelopeOf(d, x.json);
  return isObject(env) ? env : undefined;
};

/** The envelope rules, judged over every service response of the run. */
export const ENVELOPE_RULES: readonly ExchangeRule[] = [
  {
    check: {
      id: 'envelope.present',
      title: 'every response carries the envelope with a version',
      requirements: ['ENV-001'],
    },
    appliesTo: 'successful service responses',
    applies: (x) => isService(x) && isSuccess(x),
    problems: (x, { dialect: d }) => {
      const env = envelope(x, d);
      if (!env) return [`no "${key(d)}" object in the body`];
      return env.version === undefined ? [`"${key(d)}.version" is missing`] : [];
    },
  },
  {
    check: {
      id: 'envelope.registries',
      title: 'the envelope registries have their types (schemas/envelope.schema.json)',
      requirements: ['ENV-001'],
    },
    appliesTo: 'service responses whose envelope carries services, capabilities or map_order',
    applies: (x, { dialect: d }) => isService(x) && REGISTRIES.some((m) => envelope(x, d)?.[m] !== undefined),
    problems: (x, r) => {
      const env = envelope(x, r.dialect)!;
      return REGISTRIES.filter((m) => env[m] !== undefined).flatMap((m) =>
        r
          .validate(`envelope.schema.json#/properties/${m}`, env[m])
          .map((e) => e.replace(/^\$/, `$.${key(r.dialect)}.${m}`)),
      );
    },
  },
  {
    check: {
      id: 'envelope.version-format',
      title: 'the envelope version is YYYY-MM-DD or draft',
      requirements: ['ENV-002'],
    },
    appliesTo: 'service responses stating an envelope version',
    applies: (x, { dialect: d }) => isService(x) && envelope(x, d)?.version !== undefined,
    problems: (x, { dialect: d }) => {
      const version = envelope(x, d)?.version;
      return typeof version === 'string' && VERSION_PATTERN.test(version)
        ? []
        : [`"${key(d)}.version" is ${brief(version)}`];
    },
  },
  {
    check: { id: 'envelope.error-status', title: 'an error response has status error', requirements: ['ENV-003'] },
    appliesTo: 'error responses (envelope, messages and continue_url only, with an error message)',
    applies: (x, { dialect: d }) => isService(x) && isSuccess(x) && isErrorResponse(x.json, d.envelopeKey),
    problems: (x, { dialect: d }) => {
      const status = envelope(x, d)?.status;
      return status === 'error' ? [] : [`an error response, but "${key(d)}.status" is ${brief(status)}`];
    },
  },
  {
    check: {
      id: 'envelope.error-messages',
      title: 'a response with status error carries messages',
      requirements: ['ENV-004'],
    },
    appliesTo: 'service responses with status error',
    applies: (x, { dialect: d }) => isService(x) && envelope(x, d)?.status === 'error',
    problems: (x) => {
      const messages = isObject(x.json) ? x.json.messages : undefined;
      return Array.isArray(messages) && messages.length > 0 ? [] : ['status error, but "messages" is missing or empty'];
    },
  },
  {
    check: {
      id: 'envelope.message-vocabulary',
      title: 'message members are well-typed and use the spec vocabulary',
      requirements: ['ENV-005'],
    },
    appliesTo: 'service responses carrying messages',
    applies: (x) => isService(x) && isObject(x.json) && x.json.messages !== undefined,
    problems: (x) => {
      const messages = (x.json as Record<string, unknown>).messages;
      if (!Array.isArray(messages)) return ['"messages" is not an array'];
      const out: string[] = [];
      for (const [i, m] of messages.entries()) {
        if (!isObject(m)) {
          out.push(`messages[${i}] is not an object`);
          continue;
        }
        if (m.type !== undefined && !MESSAGE_TYPES.includes(m.type as never))
          out.push(`messages[${i}].type is ${JSON.stringify(m.type)}`);
        if (m.severity !== undefined && !SEVERITIES.includes(m.severity as never)) {
          out.push(`messages[${i}].severity is ${JSON.stringify(m.severity)}`);
        }
        for (const member of STRING_MEMBERS) {
          if (m[member] !== undefined && typeof m[member] !== 'string')
            out.push(`messages[${i}].${member} is not a string`);
        }
      }
      return out;
    },
  },
  {
    check: {
      id: 'envelope.totals-types',
      title: 'which totals entries have a type outside the five listed',
      requirements: ['ENV-011'],
    },
    appliesTo: 'service responses carrying totals',
    // The resources with totals: a business serving none of them has nothing to judge here.
    capabilities: ['shopping.cart', 'shopping.checkout', 'shopping.order', 'lodging.booking'],
    // They are made by write scenarios: under --allow read, seeing none is said so.
    effect: 'write',
    applies: (x) => isService(x) && totalsIn(x.json).length > 0,
    problems: (x) =>
      totalsIn(x.json).flatMap(([path, totals]) =>
        totals.flatMap((t, i) =>
          isObject(t) && !TOTALS_TYPES.includes(t.type as never) ? [`${path}[${i}].type is ${brief(t.type)}`] : [],
        ),
      ),
  },
  {
    check: { id: 'envelope.content-type', title: 'responses are application/json', requirements: ['ENV-006'] },
    appliesTo: 'service responses with a body',
    applies: (x) => isService(x) && !!x.responseBody,
    problems: (x) => {
      const type = x.responseHeaders?.['content-type'] ?? '';
      return /^application\/json\s*(;|$)/i.test(type) ? [] : [`Content-Type is ${JSON.stringify(type || 'absent')}`];
    },
  },
  {
    check: {
      id: 'envelope.status-vocabulary',
      title: 'envelope status is success or error',
      requirements: ['ENV-007'],
    },
    appliesTo: 'service responses stating an envelope status',
    applies: (x, { dialect: d }) => isService(x) && envelope(x, d)?.status !== undefined,
    problems: (x, { dialect: d }) => {
      const status = envelope(x, d)?.status;
      return status === 'success' || status === 'error' ? [] : [`"${key(d)}.status" is ${JSON.stringify(status)}`];
    },
  },
  {
    check: {
      id: 'envelope.transport-error-body',
      title: 'an HTTP error carries a JSON body with code and content',
      requirements: ['ENV-008'],
    },
    appliesTo: 'HTTP 4xx and 5xx service responses',
    applies: (x) => isService(x) && x.status !== undefined && x.status >= 400,
    problems: (x) => {
      const body = x.json;
      return isObject(body) && typeof body.code === 'string' && typeof body.content === 'string'
        ? []
        : [`HTTP ${x.status} body is ${x.responseBody ? 'missing code or content' : 'empty'}`];
    },
  },
];

/** The operation an exchange called, from the operations table, if it called one. */
const operationOf = (x: Exchange) => OPERATIONS.find((o) => o.name === x.operation);

/**
 * Status from the operations table (Document 1 §Endpoints: "Successful operations return HTTP 200
 * unless stated"; creates answer 201): every 2xx answer that carries the operation's resource.
 */
export const SUCCESS_STATUS_RULE: ExchangeRule = {
  check: {
    id: 'envelope.success-status',
    title: 'a successful answer has the status the operations table gives it (201 for a create, else 200)',
    requirements: ['ENV-009'],
  },
  appliesTo: 'successful service responses carrying a resource (an asynchronous completion aside)',
  // What answers a completion still in progress is not shown (Document 1 §States and transitions): a 202 may be fair.
  applies: (x, { dialect: d }) =>
    isService(x) &&
    operationOf(x) !== undefined &&
    carriesResourceOf(x, d.envelopeKey) &&
    (x.json as Record<string, unknown>).status !== 'complete_in_progress',
  problems: (x) => {
    const op = operationOf(x)!;
    return x.status === op.success ? [] : [`${op.name} answered HTTP ${x.status}; the spec gives ${op.success}`];
  },
};

/** Capabilities no payment handler applies to ("catalog, cart, order", Document 1 §Payment handler entry). */
const NO_HANDLER = ['shopping.catalog.search', 'shopping.catalog.lookup', 'shopping.cart', 'shopping.order'];

/**
 * "The registry is an empty object when no handler applies (catalog, cart, order)": the envelope's
 * payment_handlers, optional (§Response envelope), is {} when a catalog, cart or order response carries it.
 */
export const NO_HANDLERS_RULE: ExchangeRule = {
  check: {
    id: 'envelope.no-payment-handlers',
    title: 'catalog, cart and order envelopes carry an empty payment handler registry, if any',
    requirements: ['ENV-010'],
  },
  // A response without the registry holds too: the member is optional (envelope.present judges the envelope).
  appliesTo: 'catalog, cart and order responses',
  capabilities: NO_HANDLER,
  applies: (x) => isService(x) && NO_HANDLER.includes(operationOf(x)?.capability ?? ''),
  problems: (x, { dialect: d }) => {
    const registry = envelope(x, d)?.payment_handlers;
    return registry === undefined || (isObject(registry) && Object.keys(registry).length === 0)
      ? []
      : [`${operationOf(x)?.name}: "${key(d)}.payment_handlers" is ${JSON.stringify(registry)}, not {}`];
  },
  // No count: how many order reads a run makes varies with how long a completion is polled.
  coverage: (judged, { dialect: d }) =>
    judged.some((x) => envelope(x, d)?.payment_handlers !== undefined)
      ? 'those carrying payment_handlers carry {}'
      : 'none carries payment_handlers',
};
