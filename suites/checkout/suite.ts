import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/http/exchange.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import {
  complete, createCheckout, driveToReady, envelopeMember, NEEDS_ITEMS, purchasableItems, readySession, replacement,
  resourceOf, statusOf,
} from '../shared/checkout-flow.js';
import { endpointsScenario } from '../shared/endpoints.js';

/** Beyond any plausible per-line stock, so a business that caps quantities says so. */
const LARGE_QUANTITY = 999;

export const checkoutSuite: Suite = {
  id: 'checkout',
  title: 'Checkout',
  capability: 'shopping.checkout',
  appliesWhen: 'advertised',
  scenarios: [
    endpointsScenario('shopping.checkout', 'DISC-001'),
    {
      id: 'checkout.to-ready',
      title: 'Create a session, update it to ready_for_complete, then cancel it',
      effect: 'write',
      checks: [
        { id: 'checkout.create', title: 'create answers 201 with status incomplete', requirements: ['CHK-001'] },
        { id: 'checkout.missing-messages', title: 'what is missing is named by recoverable missing errors with a path', requirements: ['CHK-002'] },
        { id: 'checkout.ready', title: 'buyer, destination and option selection reach ready_for_complete', requirements: ['CHK-005'] },
        { id: 'checkout.totals', title: 'totals agree with themselves on every response', requirements: ['CHK-006'] },
        { id: 'checkout.cancel-from-ready', title: 'cancel from ready_for_complete gives canceled', requirements: ['CHK-008'] },
        { id: 'checkout.resource', title: 'every session response matches the checkout resource', requirements: ['CHK-003'] },
        { id: 'checkout.payment-handlers', title: 'every session response carries proto.payment_handlers', requirements: ['CHK-004'] },
      ],
      run: toReady,
    },
    {
      id: 'checkout.cancel-incomplete',
      title: 'Cancel a session that is still incomplete',
      effect: 'write',
      checks: [{ id: 'checkout.cancel-from-incomplete', title: 'cancel from incomplete gives canceled', requirements: ['CHK-008'] }],
      async run(t) {
        const created = await createCheckout(t, t.need(await purchasableItems(t, 1), NEEDS_ITEMS));
        t.prerequisite(statusOf(created) === 'incomplete', 'checkout.create');
        const x = await t.call('checkout.cancel', { id: String(resourceOf(t, created).id), body: {} });
        t.check('checkout.cancel-from-incomplete', x.status === 200 && statusOf(x) === 'canceled', {
          message: `cancel answered HTTP ${x.status} with status ${brief(statusOf(x))}`,
          expected: 'HTTP 200, status canceled', actual: `HTTP ${x.status}, status ${brief(statusOf(x))}`,
        });
      },
    },
    {
      id: 'checkout.complete',
      title: 'Complete a ready session with the configured payment token',
      effect: 'irreversible',
      checks: [{ id: 'checkout.complete', title: 'complete gives completed and an order with id and permalink_url', requirements: ['CHK-007'] }],
      async run(t) {
        const token = t.need(t.config.payment?.token, 'payment.token in --config');
        const ready = await readySession(t);
        const x = await complete(t, ready, token);
        const order = resourceOf(t, x).order;
        const ok = x.status === 200 && statusOf(x) === 'completed' && isObject(order)
          && typeof order.id === 'string' && typeof order.permalink_url === 'string';
        t.check('checkout.complete', ok, {
          message: `complete answered HTTP ${x.status}, status ${brief(statusOf(x))}, order ${brief(order)}`,
          expected: 'HTTP 200, status completed, order {id, permalink_url}',
          actual: `HTTP ${x.status}, status ${brief(statusOf(x))}, order ${brief(order)}, messages ${brief(messagesOf(x.json))}`,
        });
      },
    },
    {
      id: 'checkout.unavailable',
      title: 'Create a session whose every item is unavailable',
      effect: 'write',
      checks: [{ id: 'checkout.item-unavailable', title: 'item_unavailable error with continue_url', requirements: ['CHK-009'] }],
      async run(t) {
        const items = t.need(t.config.fixtures?.unavailable_item_ids, 'fixtures.unavailable_item_ids in --config');
        const x = await createCheckout(t, items);
        const problems = businessErrorProblems(t.dialect, x, { code: 'item_unavailable', continueUrl: true });
        t.check('checkout.item-unavailable', problems.length === 0, {
          message: problems[0] ?? '', expected: 'HTTP 200, status error, error item_unavailable unrecoverable, continue_url',
          actual: problems.join('; '),
        });
      },
    },
    {
      id: 'checkout.quantity-adjusted',
      title: `Create a session asking for ${LARGE_QUANTITY} of an item`,
      effect: 'write',
      checks: [{ id: 'checkout.quantity-adjusted-path', title: 'quantity_adjusted warnings carry a path', requirements: ['CHK-010'] }],
      async run(t) {
        const x = await createCheckout(t, t.need(await purchasableItems(t, 1), NEEDS_ITEMS), LARGE_QUANTITY);
        const warnings = messagesOf(x.json).filter((m) => m.code === 'quantity_adjusted');
        if (warnings.length === 0) {
          t.observe('checkout.quantity-adjusted-path', { message: `no quantity_adjusted warning for a quantity of ${LARGE_QUANTITY}` });
          return;
        }
        const pathless = warnings.filter((m) => typeof m.path !== 'string' || m.path.length === 0);
        t.check('checkout.quantity-adjusted-path', pathless.length === 0, {
          message: `${pathless.length} quantity_adjusted warnings without path`,
          expected: 'a path such as $.line_items[0].quantity', actual: brief(warnings),
        });
      },
    },
    {
      id: 'checkout.update-in-progress',
      title: 'Update a session whose completion is in progress',
      effect: 'irreversible',
      checks: [{ id: 'checkout.in-progress-unchanged', title: 'the session comes back unchanged with a recoverable error', requirements: ['CHK-011'] }],
      async run(t) {
        const token = t.need(t.config.payment?.in_progress_token, 'payment.in_progress_token in --config (a token that holds completion in progress)');
        const ready = await readySession(t);
        const held = await complete(t, ready, token);
        t.need(statusOf(held) === 'complete_in_progress' ? held : undefined,
          'payment.in_progress_token to leave the session complete_in_progress');
        const before = resourceOf(t, held);
        const x = await t.call('checkout.update', {
          id: String(before.id),
          body: replacement(t, held, { buyer: { ...(isObject(before.buyer) ? before.buyer : {}), first_name: 'Changed' } }),
        });
        const after = resourceOf(t, x);
        const recoverable = messagesOf(x.json).some((m) => m.type === 'error' && m.severity === 'recoverable');
        const unchanged = JSON.stringify(after.buyer) === JSON.stringify(before.buyer) && after.status === 'complete_in_progress';
        t.check('checkout.in-progress-unchanged', x.status === 200 && unchanged && recoverable, {
          message: !unchanged ? 'the update was applied while complete_in_progress' : 'no recoverable error message',
          expected: 'HTTP 200, the session unchanged in complete_in_progress, and a recoverable error',
          actual: `HTTP ${x.status}, status ${brief(after.status)}, buyer ${brief(after.buyer)}, messages ${brief(messagesOf(x.json))}`,
        });
      },
    },
  ],
};

async function toReady(t: ScenarioContext): Promise<void> {
  const items = t.need(await purchasableItems(t, 1), NEEDS_ITEMS);
  const created = await createCheckout(t, items);
  t.require('checkout.create', created.status === 201 && statusOf(created) === 'incomplete', {
    message: `create answered HTTP ${created.status} with status ${brief(statusOf(created))}`,
    expected: 'HTTP 201, status incomplete', actual: `HTTP ${created.status}, status ${brief(statusOf(created))}`,
  });
  const [withDestination, ready] = await driveToReady(t, created);
  const sessions: Exchange[] = [created, withDestination, ready];

  const incomplete = sessions.filter((x) => statusOf(x) === 'incomplete');
  const missingProblems = incomplete.flatMap((x) => {
    const missing = messagesOf(x.json).filter((m) => m.code === 'missing');
    if (missing.length === 0) return [`#${x.seq}: incomplete, but no missing message`];
    return missing.filter((m) => m.type !== 'error' || m.severity !== 'recoverable' || typeof m.path !== 'string')
      .map((m) => `#${x.seq}: ${brief(m)}`);
  });
  t.check('checkout.missing-messages', missingProblems.length === 0, {
    message: missingProblems[0] ?? '', expected: 'missing messages of type error, severity recoverable, with a path',
    actual: missingProblems.join('; '), exchanges: incomplete,
  });

  t.require('checkout.ready', statusOf(ready) === 'ready_for_complete', {
    message: `after buyer, destination and option selection the status is ${brief(statusOf(ready))}`,
    expected: 'status ready_for_complete', actual: `status ${brief(statusOf(ready))}, messages ${brief(messagesOf(ready.json))}`,
    exchanges: [withDestination, ready],
  });

  const canceled = await t.call('checkout.cancel', { id: String(resourceOf(t, ready).id), body: {} });
  t.check('checkout.cancel-from-ready', canceled.status === 200 && statusOf(canceled) === 'canceled', {
    message: `cancel answered HTTP ${canceled.status} with status ${brief(statusOf(canceled))}`,
    expected: 'HTTP 200, status canceled', actual: `HTTP ${canceled.status}, status ${brief(statusOf(canceled))}`, exchanges: [canceled],
  });
  sessions.push(canceled);

  const totalsProblems = sessions.flatMap((x) => totalsProblem(t, x).map((p) => `#${x.seq} ${x.operation}: ${p}`));
  t.check('checkout.totals', totalsProblems.length === 0, {
    message: totalsProblems[0] ?? '', expected: 'the total entry equals the sum of the other entries', actual: totalsProblems.join('; '),
    exchanges: sessions,
  });
  const schemaProblems = sessions.flatMap((x) => t.validate('checkout.schema.json', x.json).map((p) => `#${x.seq} ${x.operation}: ${p}`));
  t.check('checkout.resource', schemaProblems.length === 0, {
    message: schemaProblems[0] ?? '', expected: 'bodies matching checkout.schema.json', actual: schemaProblems.join('; '), exchanges: sessions,
  });
  const handlerless = sessions.filter((x) => !isObject(envelopeMember(t, x, 'payment_handlers')));
  t.check('checkout.payment-handlers', handlerless.length === 0, {
    message: `${handlerless.length} of ${sessions.length} session responses lack ${t.dialect.envelopeKey}.payment_handlers`,
    expected: `${t.dialect.envelopeKey}.payment_handlers on every checkout response`, actual: handlerless.map((x) => `#${x.seq} ${x.operation}`).join(', '),
    exchanges: handlerless.length ? handlerless : undefined,
  });
}

/** Whether the total entry is the sum of the others (Document 1 §Shared value objects: totals). */
function totalsProblem(t: ScenarioContext, x: Exchange): string[] {
  const totals = resourceOf(t, x).totals;
  if (!Array.isArray(totals)) return ['no totals'];
  const entries = totals.filter(isObject);
  const total = entries.find((e) => e.type === 'total');
  if (!total || typeof total.amount !== 'number') return ['no total entry'];
  const sum = entries.filter((e) => e !== total).reduce((n, e) => n + (typeof e.amount === 'number' ? e.amount : 0), 0);
  return sum === total.amount ? [] : [`total ${total.amount}, but the other entries sum to ${sum}`];
}

