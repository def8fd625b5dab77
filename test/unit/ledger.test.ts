import { describe, expect, it } from 'vitest';
import { createdResources, isOpen } from '../../src/engine/ledger.js';
import type { Exchange } from '../../src/report/exchange.js';

const BASE = 'https://shop.example/api';
let seq = 0;
const x = (operation: string, url: string, status: number | undefined, json?: unknown, extra: Partial<Exchange> = {}) =>
  ({
    seq: ++seq,
    operation,
    method: 'POST',
    url: BASE + url,
    status,
    json,
    requestHeaders: {},
    startedAt: '',
    durationMs: 0,
    ...extra,
  }) as Exchange;

describe('the ledger of what a run created', () => {
  it('follows each answered create to what the run last saw of it, clean-up included', () => {
    seq = 0;
    const log = [
      x('cart.create', '/carts', 201, { id: 'c/1' }),
      x('checkout.create', '/checkout-sessions', 201, { id: 's1', status: 'incomplete' }),
      x('checkout.update', '/checkout-sessions/s1', 200, { id: 's1', status: 'ready_for_complete' }),
      // Another session's id that merely starts the same is not this one.
      x('checkout.get', '/checkout-sessions/s10', 200, { id: 's10', status: 'completed' }),
      x('cart.cancel', '/carts/c%2F1/cancel', 200, { id: 'c/1' }, { role: 'cleanup' }),
      x('booking.create', '/booking-sessions', 400, { code: 'invalid' }),
      x('checkout.create', '/checkout-sessions', undefined, undefined, {
        transportError: { kind: 'stopped', message: 'cut off' },
      }),
      x('checkout.complete', '/checkout-sessions/s1/complete', 409, { id: 's1', status: 'completed' }),
    ];
    const resources = createdResources(log);
    expect(resources).toEqual([
      { operation: 'cart.create', id: 'c/1', createdBy: 1, state: 'canceled', seenAt: 5 },
      { operation: 'checkout.create', id: 's1', createdBy: 2, state: 'ready_for_complete', seenAt: 3 },
      { operation: 'checkout.create', createdBy: 7, state: 'unknown', seenAt: 7 },
    ]);
    expect(resources.map(isOpen)).toEqual([false, true, true]);
  });

  it('leaves a session the business is completing to the business', () => {
    seq = 0;
    const log = [
      x('booking.create', '/booking-sessions', 201, { id: 'b1', status: 'incomplete' }),
      x('booking.complete', '/booking-sessions/b1/complete', 200, { id: 'b1', status: 'complete_in_progress' }),
    ];
    expect(createdResources(log).map(isOpen)).toEqual([false]);
  });
});
