import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import { sameJson } from '../../src/protocol/canonical.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { isFilterStep, parseSteps } from '../../src/protocol/json-path.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import {
  cancelChecked,
  completeEarlyChecked,
  carriesResource,
  COMPLETION_WAIT_MS,
  completeCheckout,
  createCheckout,
  driveToReady,
  judgeRefusedUpdate,
  leftOutChecked,
  lineSetOf,
  neededItems,
  readySession,
  refusedCheckoutComplete,
  resourceOf,
  statusOf,
  withBuyer,
  type CreateOutcome,
} from '../shared/checkout-flow.js';
import { endpointsRule } from '../shared/endpoints.js';
import { readRefusal } from '../shared/refusal.js';
import { resourceRule } from '../shared/resource-rule.js';
import { unknownIdScenario } from '../shared/unknown-id.js';
import {
  completedCarriesRule,
  instrumentHandlerRule,
  incompleteNamesMissingRule,
  missingMessagesRule,
  OPEN,
  paymentHandlersRule,
} from '../shared/session-rules.js';

/** Beyond any plausible per-line stock, so a business that caps quantities says so. */
const LARGE_QUANTITY = 999;

export const checkoutSuite: Suite = {
  id: 'checkout',
  title: 'Checkout',
  capability: 'shopping.checkout',
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'checkout.to-ready',
      title: 'Create a session, drive it to ready_for_complete by its own messages, then cancel it',
      effect: 'write',
      checks: [
        { id: 'checkout.create', title: 'create answers 201 with an open session', requirements: ['CHK-001'] },
        {
          id: 'checkout.ready',
          title: 'supplying what the session asks for reaches ready_for_complete',
          requirements: ['CHK-005'],
        },
        {
          id: 'checkout.cancel-from-ready',
          title: 'cancel from ready_for_complete gives canceled',
          requirements: ['CHK-008'],
        },
      ],
      async run(t) {
        const created = await openSession(t);
        const drive = await driveToReady(t, created);
        if (drive.kind === 'needs') t.stopNotTested(drive.why, { check: 'checkout.ready', exchanges: [drive.last] });
        t.require('checkout.ready', drive.kind === 'ready', {
          message: drive.why,
          expected: 'status ready_for_complete once the session has what its messages ask for',
          actual: `status ${brief(statusOf(drive.last))}, messages ${brief(messagesOf(drive.last.json))}`,
          exchanges: drive.sessions.slice(1).length ? drive.sessions.slice(1) : [drive.last],
        });
        await cancelChecked(t, 'checkout.cancel-from-ready', String(resourceOf(t, drive.last).id), {
          created,
          last: drive.last,
        });
      },
    }),
    scenario({
      id: 'checkout.cancel-incomplete',
      title: 'Cancel a session that is still incomplete',
      effect: 'write',
      checks: [
        {
          id: 'checkout.cancel-from-incomplete',
          title: 'cancel from incomplete gives canceled',
          requirements: ['CHK-008'],
        },
      ],
      async run(t) {
        const created = await sessionFor(t, await createCheckout(t, await neededItems(t, 1)));
        if (statusOf(created) !== 'incomplete')
          t.stopNotTested('the session was ready at create, so it was never incomplete');
        await cancelChecked(t, 'checkout.cancel-from-incomplete', String(resourceOf(t, created).id));
      },
    }),
    scenario({
      id: 'checkout.totals-recomputed',
      title: 'Change a line quantity by update and compare the totals',
      effect: 'write',
      checks: [
        {
          id: 'checkout.totals-recomputed',
          title: 'an update changing a quantity recomputes the totals',
          requirements: ['CHK-018'],
        },
      ],
      run: totalsRecomputed,
    }),
    scenario({
      id: 'checkout.read',
      title: 'Change a line quantity by update, then read the session with Get',
      effect: 'write',
      checks: [
        {
          id: 'checkout.get',
          title: 'Get returns the session as the last update left it',
          requirements: ['CHK-019'],
        },
      ],
      run: currentOnGet,
    }),
    unknownIdScenario({
      operation: 'checkout.get',
      checkId: 'checkout.not-found',
      requirement: 'CHK-024',
      subject: 'checkout session',
    }),
    scenario({
      id: 'checkout.update-replaces',
      title: 'Set the buyer by update, then send an update without it',
      effect: 'write',
      checks: [
        {
          id: 'checkout.update-leaves-out',
          title: 'an update leaving out the buyer set earlier is answered without it',
          requirements: ['CHK-021'],
        },
      ],
      async run(t) {
        const created = await sessionFor(t, await createCheckout(t, await neededItems(t, 1)));
        const resource = resourceOf(t, created);
        const set = await t.call('checkout.update', {
          id: String(resource.id),
          input: { resource: withBuyer(t, resource), changes: {} },
        });
        if (!carriesResource(t, set)) {
          const refused = judgeRefusedUpdate(set, []);
          if (refused.kind === 'needs') t.stopNotTested(refused.why);
          t.stopBlocked('checkout.ready');
        }
        await leftOutChecked(t, 'checkout.update-leaves-out', set, 'buyer');
      },
    }),
    scenario({
      id: 'checkout.partial-buyer',
      title: 'Update a session with a buyer holding one field only',
      effect: 'write',
      checks: [
        {
          id: 'checkout.partial-buyer',
          title: 'an update carrying only some buyer fields is answered with the session',
          requirements: ['CHK-022'],
        },
      ],
      run: partialBuyer,
    }),
    scenario({
      id: 'checkout.complete-incomplete',
      title: 'Complete a session whose create answered incomplete',
      effect: 'irreversible',
      checks: [
        {
          id: 'checkout.complete-from-incomplete',
          title: 'complete of an incomplete session does not answer completed',
          requirements: ['CHK-025'],
        },
      ],
      async run(t) {
        const token = t.need(t.config.payment?.token, 'payment.token in --config');
        const created = await sessionFor(t, await createCheckout(t, await neededItems(t, 1)));
        await completeEarlyChecked(t, 'checkout.complete-from-incomplete', created, token);
      },
    }),
    scenario({
      id: 'checkout.complete',
      title: 'Complete a ready session with the configured payment token',
      effect: 'irreversible',
      checks: [
        {
          id: 'checkout.complete',
          title: 'complete gives completed and an order with its id',
          requirements: ['CHK-007'],
        },
      ],
      async run(t) {
        const token = t.need(t.config.payment?.token, 'payment.token in --config');
        const done = await completeCheckout(t, await readySession(t), token, { await: true });
        const { final } = done;
        if (statusOf(final) === 'complete_in_progress')
          t.stopNotTested(`the session was still complete_in_progress ${COMPLETION_WAIT_MS / 1000} s after complete`);
        const refusal = refusedCheckoutComplete(done);
        if (refusal) t.stopNotTested(refusal, { check: 'checkout.complete', exchanges: [done.complete] });
        const order = resourceOf(t, final).order;
        const ok =
          final.status === 200 && statusOf(final) === 'completed' && isObject(order) && typeof order.id === 'string';
        t.check('checkout.complete', ok, {
          message: `after complete${done.polls.length ? ` and ${done.polls.length} polls of Get` : ''}: HTTP ${final.status}, status ${brief(statusOf(final))}, order ${brief(order)}`,
          expected: 'HTTP 200, status completed, an order with its id',
          actual: `HTTP ${final.status}, status ${brief(statusOf(final))}, order ${brief(order)}, messages ${brief(messagesOf(final.json))}`,
          exchanges: [done.complete, ...done.polls.slice(-1)],
        });
        // Read back once completed: the order is "Present once completed", on every response (completed-order).
        if (statusOf(final) === 'completed')
          await t.call('checkout.get', { id: String(resourceOf(t, final).id), tolerateTransportError: true });
      },
    }),
    scenario({
      id: 'checkout.unavailable',
      title: 'Create a session whose every item is unavailable',
      effect: 'write',
      checks: [
        {
          id: 'checkout.item-unavailable',
          title: 'item_unavailable error with continue_url, and no session',
          requirements: ['CHK-009'],
        },
      ],
      run: unavailable,
    }),
    scenario({
      id: 'checkout.quantity-adjusted',
      title: `Create a session asking for ${LARGE_QUANTITY} of an item`,
      effect: 'write',
      checks: [
        {
          id: 'checkout.quantity-adjusted-path',
          title: 'quantity_adjusted is a warning pointing at a line quantity',
          requirements: ['CHK-010'],
        },
      ],
      async run(t) {
        const items = await neededItems(t, 1);
        const outcome = await createCheckout(t, items, LARGE_QUANTITY);
        // quantity_adjusted is only "typical" (Document 1 §Checkout resource): a business may refuse the quantity
        // instead. Whether it was the quantity shows when one of the same items is sold.
        if (
          outcome.kind === 'needs' &&
          outcome.cause === 'items' &&
          (await createCheckout(t, items)).kind === 'session'
        )
          return refusedQuantity(t, outcome.x);
        const created = await sessionFor(t, outcome);
        const adjusted = messagesOf(created.json).filter((m) => m.code === 'quantity_adjusted');
        if (adjusted.length === 0) {
          return t.observe('checkout.quantity-adjusted-path', {
            message: `no quantity_adjusted message for a quantity of ${LARGE_QUANTITY}`,
          });
        }
        const lines = resourceOf(t, created).line_items;
        const count = Array.isArray(lines) ? lines.length : 0;
        const wrong = adjusted.filter((m) => m.type !== 'warning' || !pointsAtLineQuantity(m.path, count));
        t.check('checkout.quantity-adjusted-path', wrong.length === 0, {
          message: `${wrong.length} quantity_adjusted messages are not warnings pointing at a line quantity`,
          expected: `type warning, path such as $.line_items[0].quantity (the session has ${count} lines)`,
          actual: brief(wrong),
        });
      },
    }),
    scenario({
      id: 'checkout.update-in-progress',
      title: 'Update a session whose completion is in progress',
      effect: 'irreversible',
      checks: [
        {
          id: 'checkout.in-progress-unchanged',
          title: 'the session comes back unchanged with a recoverable error',
          requirements: ['CHK-011'],
        },
      ],
      async run(t) {
        const token = t.need(
          t.config.payment?.in_progress_token,
          'payment.in_progress_token in --config (a token that holds completion in progress)',
        );
        const ready = await readySession(t);
        const done = await completeCheckout(t, ready, token, { await: false });
        const held = done.final;
        const refusal = statusOf(held) === 'complete_in_progress' ? undefined : refusedCheckoutComplete(done);
        if (refusal) t.stopNotTested(refusal);
        if (!carriesResource(t, held)) t.stopBlocked('checkout.complete');
        if (statusOf(held) !== 'complete_in_progress')
          t.stopNotTested('needs payment.in_progress_token to leave the session complete_in_progress');
        // The session as it stood when ready, as the complete's answer updates it: that answer may carry no more
        // than the id, the status and the order.
        const before = { ...resourceOf(t, ready), ...resourceOf(t, held) };
        const x = await t.call('checkout.update', {
          id: String(before.id),
          input: {
            resource: before,
            changes: { buyer: { ...(isObject(before.buyer) ? before.buyer : {}), first_name: 'Changed' } },
          },
        });
        const after = resourceOf(t, x);
        const recoverable = messagesOf(x.json).some((m) => m.type === 'error' && m.severity === 'recoverable');
        const unchanged = sameJson(after.buyer, before.buyer) && after.status === 'complete_in_progress';
        t.check('checkout.in-progress-unchanged', x.status === 200 && unchanged && recoverable, {
          message:
            x.status !== 200
              ? `HTTP ${x.status}`
              : !unchanged
                ? 'the update was applied while complete_in_progress'
                : 'no recoverable error message',
          expected: 'HTTP 200, the session unchanged in complete_in_progress, and a recoverable error',
          actual: `HTTP ${x.status}, status ${brief(after.status)}, buyer ${brief(after.buyer)}, messages ${brief(messagesOf(x.json))}`,
        });
      },
    }),
  ],
  rules: [endpointsRule('shopping.checkout'), ...sessionRules()],
};

/** The create of checkout.to-ready, judged: CHK-001 concludes here for every scenario. */
async function openSession(t: ScenarioContext<'checkout.create'>): Promise<Exchange> {
  // Two lines where the business sells two items, so several fulfillment groups show.
  const outcome = await createCheckout(t, await neededItems(t, 2));
  if (outcome.kind === 'needs') t.stopNotTested(outcome.why, { check: 'checkout.create', exchanges: [outcome.x] });
  const { x } = outcome;
  const open = outcome.kind === 'session' && OPEN.includes(String(statusOf(x)));
  t.check('checkout.create', open && x.status === 201, {
    message:
      outcome.kind === 'broken' ? outcome.why : `create answered HTTP ${x.status} with status ${brief(statusOf(x))}`,
    expected: 'HTTP 201, status incomplete (or ready_for_complete)',
    actual: `HTTP ${x.status}, status ${brief(statusOf(x))}`,
  });
  // An open session made with another status is still one to drive: only no session blocks the rest.
  if (!open) t.stopBlocked('checkout.create');
  return x;
}

/** The session of a create another scenario needs: checkout.create judges the create itself. */
async function sessionFor(t: ScenarioContext, outcome: CreateOutcome): Promise<Exchange> {
  if (outcome.kind === 'needs') t.stopNotTested(outcome.why);
  if (outcome.kind === 'broken' || !OPEN.includes(String(statusOf(outcome.x)))) t.stopBlocked('checkout.create');
  return outcome.x;
}

/**
 * "All buyer fields are optional so state can be built up across calls" (Document 1 §Checkout):
 * an update whose buyer holds one field is answered with the session. A refusal counts only when
 * the same session takes the config's whole buyer; otherwise it is about something else.
 */
async function partialBuyer(t: ScenarioContext<'checkout.partial-buyer'>): Promise<void> {
  const created = await sessionFor(t, await createCheckout(t, await neededItems(t, 1)));
  const resource = resourceOf(t, created);
  const whole = withBuyer(t, resource);
  const buyer = isObject(whole.buyer) ? Object.fromEntries(Object.entries(whole.buyer).slice(0, 1)) : {};
  const x = await t.call('checkout.update', { id: String(resource.id), input: { resource, changes: { buyer } } });
  const ok = x.status === 200 && carriesResource(t, x) && resourceOf(t, x).id === resource.id;
  if (!ok) {
    const control = await t.call('checkout.update', {
      id: String(resource.id),
      input: { resource: whole, changes: {} },
    });
    if (!(control.status === 200 && carriesResource(t, control)))
      t.stopNotTested(
        `the same session refused an update with the config's whole buyer too (HTTP ${statusOrError(control)}), so the refusal is not about the fields left out`,
        { check: 'checkout.partial-buyer', exchanges: [x, control] },
      );
    // A refusal naming the buyer member it needs states a requirement of the business's (which buyer members one
    // needs is not shown): reported. One that names none refuses partial state as such.
    const named = readRefusal(x, ['buyer']).absent.filter((m) => m.startsWith('buyer.'));
    if (named.length)
      return t.observe('checkout.partial-buyer', {
        message: `an update whose buyer holds ${Object.keys(buyer).join(', ')} only was refused (HTTP ${statusOrError(x)}), naming ${named.join(', ')}: "All buyer fields are optional so state can be built up across calls", yet this business needs it on every update`,
        exchanges: [x, control],
      });
  }
  t.check('checkout.partial-buyer', ok, {
    message: `an update whose buyer holds ${Object.keys(buyer).join(', ') || 'nothing'} only answered HTTP ${statusOrError(x)}${carriesResource(t, x) ? '' : ' without the session'}`,
    expected: 'HTTP 200 with the session (messages may ask for the rest)',
    actual: `HTTP ${statusOrError(x)}: ${carriesResource(t, x) ? `session ${brief(resourceOf(t, x).id)}, status ${brief(statusOf(x))}` : brief(x.json, 200)}`,
    exchanges: [x],
  });
}

/** A create refused for its quantity: what the refusal said, and whether it reads as a business error. */
function refusedQuantity(t: ScenarioContext<'checkout.quantity-adjusted-path'>, x: Exchange): void {
  const problems = businessErrorProblems(t.dialect, x, {});
  const said = messagesOf(x.json).filter((m) => m.type === 'error');
  t.observe('checkout.quantity-adjusted-path', {
    message: `a quantity of ${LARGE_QUANTITY} was refused, not adjusted: ${said.map((m) => `${String(m.code)} (${String(m.severity)})`).join(', ') || 'no error message'}${problems.length ? `; the refusal is no business error: ${problems.join('; ')}` : ''}`,
    exchanges: [x],
  });
}

/** The totals entries a line's quantity feeds, whatever else (fees, fulfillment) they hold. */
const FED_BY_QUANTITY = ['subtotal', 'total'];

/** The amount of a totals array's entry of `type`, when it shows exactly one. */
function amountOf(totals: unknown, type: string): unknown {
  const entries = Array.isArray(totals) ? totals.filter((e) => isObject(e) && e.type === type) : [];
  return entries.length === 1 && isObject(entries[0]) ? entries[0].amount : undefined;
}

async function totalsRecomputed(t: ScenarioContext<'checkout.totals-recomputed'>): Promise<void> {
  const created = await sessionFor(t, await createCheckout(t, await neededItems(t, 1)));
  const resource = resourceOf(t, created);
  const lines = Array.isArray(resource.line_items) ? resource.line_items.filter(isObject) : [];
  const line = lines[0];
  const price = isObject(line?.item) ? line.item.price : undefined;
  if (!line || typeof line.quantity !== 'number' || typeof price !== 'number' || price <= 0) {
    t.stopNotTested(
      `the session's first line states no positive item.price and quantity to compare totals by (${brief(line)})`,
    );
  }
  const quantity = line.quantity + 1;
  const x = await t.call('checkout.update', {
    id: String(resource.id),
    input: { resource: withBuyer(t, resource), changes: { line_items: [{ ...line, quantity }, ...lines.slice(1)] } },
  });
  if (!carriesResource(t, x)) {
    const refused = judgeRefusedUpdate(x, []);
    if (refused.kind === 'needs') t.stopNotTested(refused.why);
    t.stopBlocked('checkout.ready');
  }
  const after = resourceOf(t, x);
  const updated = Array.isArray(after.line_items)
    ? after.line_items.filter(isObject).find((l) => l.id === line.id)
    : undefined;
  if (updated?.quantity !== quantity) {
    return t.observe('checkout.totals-recomputed', {
      message: `the business kept quantity ${brief(updated?.quantity)} for the line set to ${quantity}, so totals need not change`,
    });
  }
  // Totals are a known member, not a required one: a session that never shows any has none to recompute.
  if (resource.totals === undefined && after.totals === undefined) {
    return t.observe('checkout.totals-recomputed', {
      message: `the session shows no totals before or after the line's quantity went from ${String(line.quantity)} to ${quantity}, so there are none to compare`,
      exchanges: [created, x],
    });
  }
  // Every entry the quantity feeds, not just the array: a subtotal and a total shown both times must move (derived).
  const stale = FED_BY_QUANTITY.filter((type) => {
    const [was, is] = [amountOf(resource.totals, type), amountOf(after.totals, type)];
    return was !== undefined && is !== undefined && was === is;
  });
  const unchanged = sameJson(after.totals, resource.totals);
  t.check('checkout.totals-recomputed', !unchanged && stale.length === 0, {
    message: unchanged
      ? `the line's quantity went from ${String(line.quantity)} to ${quantity} at ${price} each, but the totals stayed as they were`
      : `the line's quantity went from ${String(line.quantity)} to ${quantity} at ${price} each, but the ${stale.join(' and ')} stayed as ${stale.length > 1 ? 'they were' : 'it was'}`,
    expected: 'totals that differ from those before the update, in the subtotal and the total where shown',
    actual: `before ${brief(resource.totals)}, after ${brief(after.totals)}`,
    exchanges: [created, x],
  });
}

/** Get after an update: the same session, status and lines (a set, in no fixed order) as the update answered. */
async function currentOnGet(t: ScenarioContext<'checkout.get'>): Promise<void> {
  const created = await sessionFor(t, await createCheckout(t, await neededItems(t, 1)));
  const resource = resourceOf(t, created);
  const lines = Array.isArray(resource.line_items) ? resource.line_items.filter(isObject) : [];
  const changes =
    lines[0] && typeof lines[0].quantity === 'number'
      ? { line_items: [{ ...lines[0], quantity: lines[0].quantity + 1 }, ...lines.slice(1)] }
      : {};
  const updated = await t.call('checkout.update', {
    id: String(resource.id),
    input: { resource: withBuyer(t, resource), changes },
  });
  if (!carriesResource(t, updated)) {
    const refused = judgeRefusedUpdate(updated, []);
    if (refused.kind === 'needs') t.stopNotTested(refused.why);
    t.stopBlocked('checkout.ready');
  }
  const x = await t.call('checkout.get', { id: String(resource.id) });
  const before = resourceOf(t, updated);
  const after = resourceOf(t, x);
  const sameLines = sameJson(lineSetOf(t, updated), lineSetOf(t, x));
  const ok = x.status === 200 && after.id === before.id && after.status === before.status && sameLines;
  t.check('checkout.get', ok, {
    message:
      x.status !== 200 || after.id !== before.id
        ? `Get answered HTTP ${statusOrError(x)} with session ${brief(after.id)}`
        : after.status !== before.status
          ? `Get says status ${brief(after.status)}; the last update answered ${brief(before.status)}`
          : 'Get shows other lines than the last update answered',
    expected: `HTTP 200, session ${brief(before.id)} in status ${brief(before.status)} with the lines ${brief(lineSetOf(t, updated), 160)}`,
    actual: `HTTP ${statusOrError(x)}, session ${brief(after.id)} in status ${brief(after.status)} with the lines ${brief(lineSetOf(t, x), 160)}`,
    exchanges: [updated, x],
  });
}

async function unavailable(t: ScenarioContext<'checkout.item-unavailable'>): Promise<void> {
  const items = t.need(t.config.fixtures?.unavailable_item_ids, 'fixtures.unavailable_item_ids in --config');
  const outcome = await createCheckout(t, items);
  const { x } = outcome;
  const refusal = messagesOf(x.json).find((m) => m.code === 'item_unavailable');
  if (!refusal && outcome.kind === 'needs' && outcome.cause === 'config') t.stopNotTested(outcome.why);
  const problems = businessErrorProblems(t.dialect, x, { code: 'item_unavailable', continueUrl: true });
  const created: Exchange[] = [];
  const id = isObject(x.json) ? x.json.id : undefined;
  if (typeof id === 'string') {
    const read = await t.call('checkout.get', { id });
    if (carriesResource(t, read) && resourceOf(t, read).id === id) {
      problems.push(`a session was created anyway (id ${id}, status ${brief(statusOf(read))})`);
      created.push(read);
    }
  }
  t.check('checkout.item-unavailable', problems.length === 0, {
    message: problems[0] ?? '',
    expected: 'HTTP 200, status error, error item_unavailable unrecoverable, continue_url, and no session',
    actual: problems.join('; '),
    exchanges: [x, ...created],
  });
}

/**
 * `$.line_items[N].quantity` with N a line of the session, or a filter on line_items, in any form
 * a JSON path takes (`$['line_items'][0]['quantity']` is the same path).
 */
function pointsAtLineQuantity(path: unknown, lines: number): boolean {
  const steps = typeof path === 'string' ? parseSteps(path) : undefined;
  if (steps?.length !== 3 || steps[0] !== 'line_items' || steps[2] !== 'quantity') return false;
  const line = steps[1];
  return isFilterStep(line) || (typeof line === 'number' && line < lines);
}

/** Rules over every checkout response of the run, whichever scenario (or suite) made it. */
function sessionRules(): ExchangeRule[] {
  const c = 'shopping.checkout';
  return [
    resourceRule(
      c,
      {
        id: 'checkout.resource',
        title: 'every session response matches the checkout resource',
        requirements: ['CHK-017'],
      },
      'checkout responses carrying a session',
    ),
    completedCarriesRule(
      c,
      {
        id: 'checkout.completed-order',
        title: 'every response carrying a completed session carries its order, with its id',
        requirements: ['CHK-023'],
      },
      'checkout',
      // An id of another type is the resource rule's finding.
      { member: 'order', holds: (order) => isObject(order) && order.id !== undefined },
    ),
    paymentHandlersRule(
      c,
      {
        id: 'checkout.payment-handlers',
        title:
          'an open session names a payment handler, in its envelope or the profile; a registry it carries is well-formed',
        requirements: ['CHK-004'],
      },
      'checkout',
    ),
    incompleteNamesMissingRule(
      c,
      {
        id: 'checkout.incomplete-names-missing',
        title: 'an incomplete session names what is missing',
        requirements: ['CHK-015'],
      },
      'checkout',
      // "Messages name what is missing": an error or warning, or a message pointing at a field (Document 1 §Checkout
      // resource: "Typical: `type` error, `code` `missing`, `path` of the missing field"); an info note naming no field
      // does not.
      {
        names: {
          counts: (m) => m.type !== 'info' || typeof m.path === 'string',
          what: 'an error, a warning or a message naming a field',
        },
      },
    ),
    instrumentHandlerRule(
      c,
      {
        id: 'checkout.instrument-handler',
        title: "a payment instrument's handler_id names a handler entry",
        requirements: ['CHK-026'],
      },
      'checkout',
    ),
    missingMessagesRule(
      c,
      {
        id: 'checkout.missing-messages',
        title: 'a missing message carries a path and, on a session, is recoverable',
        requirements: ['CHK-016'],
      },
      'checkout',
      { recoverableInSessions: true },
    ),
  ];
}
