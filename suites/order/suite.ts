import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Suite } from '../../src/engine/suite.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief } from '../../src/protocol/messages.js';
import {
  complete, readySession, resourceOf, secondPlatformHeaders, statusOf,
} from '../shared/checkout-flow.js';
import { endpointsScenario } from '../shared/endpoints.js';
import { unknownIdScenario } from '../shared/unknown-id.js';

export const orderSuite: Suite = {
  id: 'order',
  title: 'Order',
  capability: 'shopping.order',
  appliesWhen: 'advertised',
  scenarios: [
    endpointsScenario('shopping.order', 'DISC-001'),
    {
      id: 'order.placed',
      title: 'Place an order through checkout and read it back',
      effect: 'irreversible',
      checks: [
        { id: 'order.resource', title: 'the order carries every required member', requirements: ['ORD-001'] },
        { id: 'order.checkout-id', title: 'checkout_id names the checkout that placed it', requirements: ['ORD-002'] },
        { id: 'order.currency', title: 'currency equals the checkout currency', requirements: ['ORD-003'] },
        { id: 'order.other-platform', title: 'another platform reading it gets unauthorized', requirements: ['ORD-005'] },
      ],
      run: placedOrder,
    },
    unknownIdScenario({ operation: 'order.get', checkId: 'order.not-found', requirement: 'ORD-004', subject: 'order', idIn: 'path' }),
  ],
};

async function placedOrder(t: ScenarioContext): Promise<void> {
  t.need(t.target.capabilities.has('shopping.checkout') ? true : undefined, 'the checkout capability, to place an order');
  const token = t.need(t.config.payment?.token, 'payment.token in --config');
  const ready = await readySession(t);
  const done = await complete(t, ready, token);
  const session = resourceOf(t, done);
  const placed = isObject(session.order) ? session.order : {};
  t.prerequisite(statusOf(done) === 'completed' && typeof placed.id === 'string', 'checkout.complete');
  const orderId = placed.id as string;

  const x = await t.call('order.get', { id: orderId });
  const order = resourceOf(t, x);
  const problems = x.status === 200 ? t.validate('order.schema.json', x.json) : [`HTTP ${x.status}`];
  t.require('order.resource', problems.length === 0 && order.id === orderId, {
    message: problems[0] ?? `asked for order ${orderId}, got ${brief(order.id)}`,
    expected: `HTTP 200 and order ${orderId} matching order.schema.json`, actual: problems.join('; '),
  });
  t.check('order.checkout-id', order.checkout_id === session.id, {
    message: `checkout_id is ${brief(order.checkout_id)}, the checkout was ${brief(session.id)}`,
    expected: `checkout_id ${brief(session.id)}`, actual: `checkout_id ${brief(order.checkout_id)}`,
  });
  t.check('order.currency', order.currency === session.currency, {
    message: `order currency ${brief(order.currency)}, checkout currency ${brief(session.currency)}`,
    expected: `currency ${brief(session.currency)}`, actual: `currency ${brief(order.currency)}`,
  });

  const other = t.need(secondPlatformHeaders(t), 'second_platform in --config (agent_profile or headers of another platform)');
  const foreign = await t.call('order.get', { id: orderId, headers: other });
  const denied = businessErrorProblems(t.dialect, foreign, { code: 'unauthorized' });
  t.check('order.other-platform', denied.length === 0, {
    message: denied[0] ?? '', expected: 'HTTP 200, status error, error unauthorized unrecoverable', actual: denied.join('; '),
    exchanges: [foreign],
  });
}
