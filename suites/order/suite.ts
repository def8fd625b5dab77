import { isObject } from '../../src/dialect/dialect.js';
import { advertises } from '../../src/discovery/target.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { sameJson } from '../../src/protocol/canonical.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import type { Exchange } from '../../src/report/exchange.js';
import {
  carriesResource,
  COMPLETION_WAIT_MS,
  completeCheckout,
  pollWhile,
  readySession,
  refusedCheckoutComplete,
  resourceOf,
  secondPlatformHeaders,
  statusOf,
  type Json,
} from '../shared/checkout-flow.js';
import { endpointsRule } from '../shared/endpoints.js';
import { unknownIdScenario } from '../shared/unknown-id.js';

export const orderSuite: Suite = {
  id: 'order',
  title: 'Order',
  capability: 'shopping.order',
  needs: ['shopping.checkout'],
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'order.placed',
      title: 'Place an order through checkout and read it back',
      effect: 'irreversible',
      checks: [
        { id: 'order.resource', title: 'the order carries every required member', requirements: ['ORD-001'] },
        { id: 'order.checkout-id', title: 'checkout_id names the checkout that placed it', requirements: ['ORD-002'] },
        { id: 'order.currency', title: 'currency equals the checkout currency', requirements: ['ORD-003'] },
        {
          id: 'order.attribution',
          title: "attribution is the originating checkout's",
          requirements: ['ORD-008'],
        },
        {
          id: 'order.other-platform',
          title: 'another platform refused the order gets unauthorized',
          requirements: ['ORD-005'],
        },
      ],
      run: placedOrder,
    }),
    unknownIdScenario({
      operation: 'order.get',
      checkId: 'order.not-found',
      requirement: 'ORD-004',
      subject: 'order',
      code: 'not_found',
    }),
  ],
  rules: [endpointsRule('shopping.order')],
};

type PlacedCheck =
  | 'order.resource'
  | 'order.checkout-id'
  | 'order.currency'
  | 'order.attribution'
  | 'order.other-platform';

/**
 * The attribution the order's checkout is created with: "the same parameters carried in URL query
 * strings in browser flows" (Document 1 §Shared value objects), whose members are not shown.
 */
const ATTRIBUTION: Json = {
  utm_source: 'proto-conformance',
  utm_medium: 'conformance-check',
  utm_campaign: 'order-attribution',
};

async function placedOrder(t: ScenarioContext<PlacedCheck>): Promise<void> {
  if (!advertises(t.target, 'shopping.checkout')) t.stopNotTested('needs the checkout capability, to place an order');
  const token = t.need(t.config.payment?.token, 'payment.token in --config');
  const ready = await readySession(t, { attribution: ATTRIBUTION });
  const done = await completeCheckout(t, ready, token, { await: true });
  const session = resourceOf(t, done.final);
  const placed = isObject(session.order) ? session.order : {};
  if (statusOf(done.final) === 'complete_in_progress')
    t.stopNotTested(`the session was still complete_in_progress ${COMPLETION_WAIT_MS / 1000} s after complete`);
  const refusal = refusedCheckoutComplete(done);
  if (refusal) t.stopNotTested(refusal);
  if (statusOf(done.final) !== 'completed' || typeof placed.id !== 'string') t.stopBlocked('checkout.complete');
  const orderId = placed.id as string;

  // An order may be readable only a moment after completion ("the order semantics of completion: not shown").
  const read = () => t.call('order.get', { id: orderId });
  const notYet = (a: Exchange) => messagesOf(a.json).some((m) => m.code === 'not_found');
  const { final: x } = await pollWhile(await read(), notYet, read);
  const order = resourceOf(t, x);
  const problems = x.status === 200 ? t.validate('order.schema.json', x.json) : [`HTTP ${x.status}`];
  t.check('order.resource', problems.length === 0 && order.id === orderId, {
    message: problems[0] ?? `asked for order ${orderId}, got ${brief(order.id)}`,
    expected: `HTTP 200 and order ${orderId} matching order.schema.json`,
    actual: problems.join('; ') || `id ${brief(order.id)}`,
  });
  if (x.status !== 200 || order.id !== orderId) t.stopBlocked('order.resource');
  t.check('order.checkout-id', order.checkout_id === session.id, {
    message: `checkout_id is ${brief(order.checkout_id)}, the checkout was ${brief(session.id)}`,
    expected: `checkout_id ${brief(session.id)}`,
    actual: `checkout_id ${brief(order.checkout_id)}`,
  });
  // The checkout table has no Required column: its currency may show on any response of the session.
  const sessionResponses = t.exchanges.filter(
    (e) => e.operation.startsWith('checkout.') && carriesResource(t, e) && resourceOf(t, e).id === session.id,
  );
  const currencies = [
    ...new Set(sessionResponses.map((e) => resourceOf(t, e).currency).filter((c) => typeof c === 'string')),
  ];
  if (currencies.length === 0) {
    t.notTested(
      'order.currency',
      "no response of the checkout stated its currency, so there is nothing to compare the order's with",
    );
  } else {
    t.check(
      'order.currency',
      currencies.some((c) => c === order.currency),
      {
        message: `order currency ${brief(order.currency)}, checkout currency ${brief(currencies.join(', '))}`,
        expected: `currency ${brief(currencies[0])}`,
        actual: `currency ${brief(order.currency)}`,
      },
    );
  }

  checkAttribution(t, order, sessionResponses);

  const other = t.need(
    secondPlatformHeaders(t),
    'second_platform in --config (agent_profile or headers of another platform)',
  );
  const foreign = await t.call('order.get', { id: orderId, headers: other });
  if (foreign.status === 200 && resourceOf(t, foreign).id === orderId) {
    return t.observe('order.other-platform', {
      message: 'the business lets another platform read this order; who may read an order is its policy',
      exchanges: [foreign],
    });
  }
  const denied = businessErrorProblems(t.dialect, foreign, { code: 'unauthorized' });
  t.check('order.other-platform', denied.length === 0, {
    message: denied[0] ?? '',
    expected: 'the order, or HTTP 200, status error, error unauthorized unrecoverable',
    actual: denied.join('; '),
    exchanges: [foreign],
  });
}

/**
 * ORD-008: the order's attribution against the checkout's, as the checkout last answered it, else
 * as the run last sent it. Members are not shown, so only a member both carry is compared.
 */
function checkAttribution(t: ScenarioContext<PlacedCheck>, order: Json, sessionResponses: Exchange[]): void {
  if (order.attribution === undefined) {
    t.observe('order.attribution', { message: 'the order carries no attribution, which is optional' });
    return;
  }
  const answered = sessionResponses.map((e) => resourceOf(t, e).attribution).filter(isObject);
  const sent = sessionResponses
    .map((e) => (isObject(e.sentJson) ? e.sentJson.attribution : undefined))
    .filter(isObject);
  const checkout = answered.at(-1) ?? sent.at(-1) ?? {};
  const source = answered.length ? 'the checkout answered' : 'the run sent the checkout';
  const mine = isObject(order.attribution) ? order.attribution : {};
  const shared = Object.keys(mine).filter((k) => k in checkout);
  const changed = shared.filter((k) => !sameJson(mine[k], checkout[k]));
  // Members the order carries, none of them the checkout's: another attribution than its checkout's.
  const foreign = shared.length === 0 && Object.keys(mine).length > 0 && Object.keys(checkout).length > 0;
  const only = (a: Json, b: Json) => Object.keys(a).filter((k) => !(k in b));
  const aside = [
    ...only(mine, checkout).map((k) => `${k} only in the order`),
    ...only(checkout, mine).map((k) => `${k} only in the checkout`),
  ];
  if (isObject(order.attribution) && changed.length === 0 && !foreign) {
    t.pass('order.attribution', aside.length ? `held; ${aside.join('; ')}` : 'held');
    return;
  }
  t.fail('order.attribution', {
    message: !isObject(order.attribution)
      ? `attribution is ${brief(order.attribution)}, not an object`
      : foreign
        ? `attribution ${brief(mine)} shares no member with the attribution ${source}, ${brief(checkout)}`
        : changed.map((k) => `attribution.${k} is ${brief(mine[k])}, ${source} ${brief(checkout[k])}`).join('; '),
    expected: `attribution as ${source}: ${brief(checkout)}`,
    actual: `attribution ${brief(order.attribution)}`,
  });
}
