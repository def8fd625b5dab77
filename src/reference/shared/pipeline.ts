import type { IncomingMessage } from 'node:http';
import type { Dialect } from '../../dialect/dialect.js';
import { OPERATIONS, type Operation } from '../../protocol/operations.js';
import { certificateRefusal, authRefusal } from './auth.js';
import type { Render } from './envelope.js';
import type { Hooks } from './hooks.js';
import { IdempotencyStore } from './idempotency.js';
import type { LayerHooks, StoredResponse } from './layer-hooks.js';
import type { Handler, ServiceModule } from './module.js';
import { PlatformProfileResolver } from './platform-profiles.js';
import { isReply, transportError, type Reply, type ReplyMessage } from './replies.js';
import { agentPlatform, headerProblem, parseBody, requiredMembers, router } from './requests.js';
import { signatureRefusal } from './request-signatures.js';

export interface PipelineInputs {
  dialect: Dialect;
  /** The hook points of the business: the handlers get them too. */
  hooks: Hooks<LayerHooks>;
  modules: readonly ServiceModule[];
  /** The module of each capability advertised. */
  moduleOf: ReadonlyMap<string, ServiceModule>;
  render: Render;
  /** Whether client certificates are judged (mutual TLS). */
  clientCertificates: boolean;
  /** Where the services are served, for the URLs handlers give. */
  servicesBase: () => string;
}

/**
 * The request pipeline of the services: a request is routed, authenticated, its agent header read
 * and its platform profile resolved, its signature verified, its headers and body checked, and only
 * then handed to its module's handler, through the idempotency store where it carries a key.
 */
export function servicePipeline({
  dialect,
  hooks,
  modules,
  moduleOf,
  render,
  clientCertificates,
  servicesBase,
}: PipelineInputs): (req: IncomingMessage, raw: string, path: string) => Promise<StoredResponse> {
  const handlers: Record<string, Handler> = Object.assign({}, ...modules.map((m) => m.handlers));
  const route = router(OPERATIONS.filter((o) => handlers[o.name] !== undefined));
  const platformProfiles = new PlatformProfileResolver(dialect, hooks);
  const idempotency = new IdempotencyStore(hooks);

  /** The refusal of a request before its handler, if any. */
  async function refusal(req: IncomingMessage, raw: string, op: Operation, agent: string): Promise<Reply | undefined> {
    const resolved = hooks.run('platform-profile.resolved', false, { op });
    const unresolved = await (resolved ? platformProfiles.refusal(agent) : undefined);
    if (unresolved) return unresolved;
    const unsigned = hooks.run('request-signature.verified', false, { op })
      ? signatureRefusal(req, raw, agent, platformProfiles, hooks)
      : undefined;
    if (unsigned) return unsigned;
    const problem = headerProblem(req, op, hooks);
    return problem ? transportError(400, 'invalid_request', problem) : undefined;
  }

  return async (req, raw, path) => {
    const method = req.method ?? 'GET';
    const match = route(method, path);
    if (match === 'no-route') return render(transportError(404, 'not_found', `no endpoint at ${path}`));
    if (match === 'no-method')
      return render(transportError(405, 'method_not_allowed', `${req.method} is not allowed on ${path}`));
    const { op, id } = match;
    const refused =
      hooks.run('route.refusal', undefined, { op, method, path }) ??
      (clientCertificates ? certificateRefusal(req, op, hooks) : undefined) ??
      authRefusal(req, op, hooks);
    if (refused) return render(refused);
    const agent = agentPlatform(req, dialect, hooks);
    if (isReply(agent)) return render(agent);
    const refusedBefore = await refusal(req, raw, op, agent);
    if (refusedBefore) return render(refusedBefore);
    let body: Record<string, unknown> = {};
    if (op.method !== 'GET') {
      // What the handler answers with another body, for a business that judges the resource before the body.
      const held = id === undefined ? undefined : moduleOf.get(op.capability)?.holds?.(op, id);
      const answer = (other: Record<string, unknown>) =>
        handlers[op.name]({ body: other, id, hooks, platform: agent, base: servicesBase() });
      const parsed = parseBody(raw, hooks, { op, held, answer });
      if (isReply(parsed)) return render(parsed, op);
      body = parsed;
    }
    const required = requiredMembers(body, op, moduleOf.get(op.capability), hooks);
    if ('refusal' in required) return render(required.refusal, op);
    const distrusted = hooks.run('request.body-refusal', undefined, { op, body });
    if (distrusted) return render(distrusted, op);
    if (required.fill) Object.assign(body, required.fill.values);
    const run = () =>
      render(
        withMessages(
          handlers[op.name]({ body, id, hooks, platform: agent, base: servicesBase() }),
          required.fill?.messages ?? [],
        ),
        op,
      );
    const key = req.headers['idempotency-key'];
    // Where the key is optional (Document 2 ask), a request that carries one gets the same rules.
    if (op.method === 'GET' || op.idempotency === 'none' || typeof key !== 'string') return run();
    const decision = idempotency.decide({
      platform: agent,
      key,
      operation: op.name,
      method: op.method,
      path,
      rawBody: raw,
    });
    if (decision.kind === 'replay') return decision.response;
    if (decision.kind === 'conflict') return render(idempotency.conflict());
    const out = run();
    decision.remember(out);
    return decision.kind === 'process-then-conflict' ? render(idempotency.conflict()) : out;
  };
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
