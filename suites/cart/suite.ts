import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { canonicalJson } from '../../src/protocol/canonical.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief } from '../../src/protocol/messages.js';
import { lineItems, lineSetOf, neededItems, resourceOf } from '../shared/checkout-flow.js';
import { endpointsRule } from '../shared/endpoints.js';
import { resourceRule } from '../shared/resource-rule.js';
import { unknownIdScenario } from '../shared/unknown-id.js';

export const cartSuite: Suite = {
  id: 'cart',
  title: 'Cart',
  capability: 'shopping.cart',
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'cart.lifecycle',
      title: 'Create, read, replace and cancel a cart',
      effect: 'write',
      checks: [
        { id: 'cart.create-201', title: 'create answers 201', requirements: ['CART-001'] },
        { id: 'cart.get-same', title: 'get returns the same cart', requirements: ['CART-003'] },
        { id: 'cart.update-replaces', title: 'update replaces line items in full', requirements: ['CART-004'] },
        { id: 'cart.cancel', title: 'cancel with {} answers 200 with the cart', requirements: ['CART-005'] },
        {
          id: 'cart.read-after-cancel',
          title: 'what a read after cancel returns (not shown)',
          requirements: ['CART-008'],
        },
      ],
      run: cartLifecycle,
    }),
    unknownIdScenario({
      operation: 'cart.get',
      checkId: 'cart.not-found',
      requirement: 'CART-006',
      subject: 'cart',
      code: 'not_found',
      continueUrl: true,
    }),
    scenario({
      id: 'cart.out-of-stock',
      title: 'Create a cart whose every item is out of stock',
      effect: 'write',
      checks: [
        {
          id: 'cart.out-of-stock',
          title: 'out_of_stock error with continue_url, and no cart',
          requirements: ['CART-007'],
        },
      ],
      async run(t) {
        const items = t.need(t.config.fixtures?.out_of_stock_item_ids, 'fixtures.out_of_stock_item_ids in --config');
        const x = await t.call('cart.create', { input: { lineItems: lineItems(items) } });
        const problems = businessErrorProblems(t.dialect, x, { code: 'out_of_stock', continueUrl: true });
        const id = resourceOf(t, x).id;
        if (typeof id === 'string') {
          problems.push(`a cart was created anyway (id ${id})`);
          t.cleanup(() => t.call('cart.cancel', { id, tolerateTransportError: true }));
        }
        t.check('cart.out-of-stock', problems.length === 0, {
          message: problems[0] ?? '',
          expected: 'HTTP 200, status error, error out_of_stock unrecoverable, continue_url, no cart',
          actual: problems.join('; '),
        });
      },
    }),
  ],
  rules: [
    endpointsRule('shopping.cart'),
    resourceRule(
      'shopping.cart',
      {
        id: 'cart.resource',
        title: 'every cart response carries id, line_items, currency and totals',
        requirements: ['CART-002'],
      },
      'cart responses carrying a cart',
    ),
  ],
};

type LifecycleCheck =
  | 'cart.create-201'
  | 'cart.get-same'
  | 'cart.update-replaces'
  | 'cart.cancel'
  | 'cart.read-after-cancel';

async function cartLifecycle(t: ScenarioContext<LifecycleCheck>): Promise<void> {
  const items = await neededItems(t, 2);
  if (items.length < 2) t.stopNotTested('needs two purchasable items (fixtures.item_ids)');
  const created = await t.call('cart.create', { input: { lineItems: lineItems(items) } });
  const id = resourceOf(t, created).id;
  if (typeof id === 'string') t.cleanup(() => t.call('cart.cancel', { id, tolerateTransportError: true }));

  t.check('cart.create-201', created.status === 201, {
    message: `create answered HTTP ${created.status}`,
    expected: 'HTTP 201',
    actual: `HTTP ${created.status}`,
  });
  if (typeof id !== 'string') t.stopBlocked('cart.resource');
  const cartId = id as string;

  const got = await t.call('cart.get', { id: cartId });
  const same =
    got.status === 200 &&
    resourceOf(t, got).id === cartId &&
    canonicalJson(lineSetOf(t, got)) === canonicalJson(lineSetOf(t, created));
  t.check('cart.get-same', same, {
    message: 'get did not return the cart that was created',
    expected: `HTTP 200, cart ${cartId} with ${brief(lineSetOf(t, created))}`,
    actual: `HTTP ${got.status}, cart ${brief(resourceOf(t, got).id)} with ${brief(lineSetOf(t, got))}`,
    exchanges: [got],
  });

  const updated = await t.call('cart.update', { id: cartId, input: { lineItems: lineItems([items[0]]) } });
  const lines = lineSetOf(t, updated);
  t.check('cart.update-replaces', updated.status === 200 && lines.length === 1 && lines[0].item === items[0], {
    message: `a one-line update of ${items[0]} left the cart with ${brief(lines)}`,
    expected: `HTTP 200 and exactly one line, item ${items[0]}`,
    actual: `HTTP ${updated.status}, lines ${brief(lines)}`,
    exchanges: [updated],
  });

  const canceled = await t.call('cart.cancel', { id: cartId });
  t.check('cart.cancel', canceled.status === 200 && resourceOf(t, canceled).id === cartId, {
    message: `cancel with {} answered HTTP ${canceled.status}`,
    expected: `HTTP 200 with cart ${cartId}`,
    actual: `HTTP ${canceled.status}, ${brief(canceled.json)}`,
    exchanges: [canceled],
  });

  // What a read after cancel returns is not shown: a 404 here is not taken for a missing route.
  const after = await t.call('cart.get', { id: cartId, notFoundProbe: true });
  const outcome =
    businessErrorProblems(t.dialect, after, { code: 'not_found' }).length === 0
      ? 'not_found'
      : after.status === 200 && resourceOf(t, after).id === cartId
        ? 'the cart, still readable'
        : `HTTP ${after.status}`;
  t.observe('cart.read-after-cancel', { message: `a read after cancel returns ${outcome}`, exchanges: [after] });
}
