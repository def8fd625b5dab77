import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/cli/config-file.js';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import { parseCapabilityList } from '../../src/discovery/discover.js';
import { parsePath, valueAt, withValueAt } from '../../src/protocol/json-path.js';
import { OPERATIONS } from '../../src/protocol/operations.js';
import { OPERATIONS_WITH_BODY, paymentInstrument, requestBody } from '../../src/protocol/recipes.js';
import { tempDir } from '../helpers/processes.js';

describe('request recipes', () => {
  it('build every operation with a body, and no body for a GET', () => {
    expect(OPERATIONS_WITH_BODY).toEqual(OPERATIONS.filter((o) => o.method !== 'GET').map((o) => o.name));
    expect(requestBody('cart.get', undefined, {}, PROTO_DIALECT)).toBeUndefined();
    expect(requestBody('cart.cancel', undefined, {}, PROTO_DIALECT)).toEqual({});
  });

  it('merge the config extras under what the recipe sets', () => {
    const config = {
      requests: { 'checkout.create': { currency: 'USD', line_items: 'ignored', buyer: { email: 'a@b.c' } } },
    };
    const body = requestBody(
      'checkout.create',
      { lineItems: [{ item: { id: 'v1' }, quantity: 1 }], members: { buyer: { first_name: 'A' } } },
      config,
      PROTO_DIALECT,
    );
    expect(body).toEqual({
      currency: 'USD',
      buyer: { first_name: 'A', email: 'a@b.c' },
      line_items: [{ item: { id: 'v1' }, quantity: 1 }],
    });
  });

  it('reach into every element of an array with a key ending in []', () => {
    const config = {
      requests: {
        'checkout.create': {
          'line_items[]': { seller_id: 's-1', quantity: 9, item: { note: 'n' } },
          'absent[]': { x: 1 },
        },
      },
    };
    const body = requestBody(
      'checkout.create',
      {
        lineItems: [
          { item: { id: 'v1' }, quantity: 1 },
          { item: { id: 'v2' }, quantity: 2 },
        ],
      },
      config,
      PROTO_DIALECT,
    );
    // The recipe's own quantity stands; nothing is made where the request has no array.
    expect(body).toEqual({
      line_items: [
        { item: { id: 'v1', note: 'n' }, quantity: 1, seller_id: 's-1' },
        { item: { id: 'v2', note: 'n' }, quantity: 2, seller_id: 's-1' },
      ],
    });
  });

  it('send a full replacement on update: the resource as received, less envelope and messages', () => {
    const body = requestBody(
      'checkout.update',
      {
        resource: { proto: { version: 'x' }, id: 's', messages: [], status: 'incomplete' },
        changes: { buyer: { email: 'e' } },
      },
      {},
      PROTO_DIALECT,
    );
    expect(body).toEqual({ id: 's', status: 'incomplete', buyer: { email: 'e' } });
  });

  it('carry the cursor back as pagination.cursor, the one place that choice is made', () => {
    expect(requestBody('catalog.search', { query: 'q', limit: 10, cursor: 'c' }, {}, PROTO_DIALECT)).toEqual({
      query: 'q',
      pagination: { limit: 10, cursor: 'c' },
    });
  });

  it('take a whole payment instrument from the config, with the token from the config', () => {
    const given = paymentInstrument(
      { payment: { instrument: { id: 'mine', type: 'wallet', credential: { type: 'nonce' } } } },
      'h',
      'tok',
      {},
    );
    expect(given).toEqual({ id: 'mine', type: 'wallet', credential: { type: 'nonce', token: 'tok' } });
    expect(paymentInstrument({}, 'h', 'tok', {})).toMatchObject({
      handler_id: 'h',
      credential: { type: 'token', token: 'tok' },
    });
  });

  it('reject a config naming an unknown operation, or one without a body', async () => {
    const dir = tempDir();
    for (const name of ['checkout.creat', 'cart.get']) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify({ requests: { [name]: { a: 1 } } }));
      await expect(loadConfig(file)).rejects.toThrow(
        new RegExp(`requests\\.${name.replace('.', '\\.')} names no operation that sends a body`),
      );
    }
  });
});

describe('message paths', () => {
  it('parse the JSON paths messages carry, and read and write through them', () => {
    expect(parsePath('$.buyer.email')).toEqual(['buyer', 'email']);
    expect(parsePath("$.fulfillment.methods[0].groups[1]['selected_option_id']")).toEqual([
      'fulfillment',
      'methods',
      0,
      'groups',
      1,
      'selected_option_id',
    ]);
    expect(parsePath('$.line_items[?(@.id=="x")]')).toBeUndefined();
    expect(parsePath('buyer.email')).toBeUndefined();
    const doc = withValueAt({ buyer: { email: 'e' } }, ['buyer', 'phone_number'], '+1');
    expect(doc).toEqual({ buyer: { email: 'e', phone_number: '+1' } });
    expect(valueAt(withValueAt({}, ['a', 1, 'b'], 2), ['a', 1, 'b'])).toBe(2);
  });
});

describe('--capabilities names', () => {
  it('take full, prefix-less and short names, and refuse an ambiguous one', () => {
    expect(parseCapabilityList(PROTO_DIALECT, 'checkout,cart,org.proto.shopping.order,catalog.search')).toEqual([
      'shopping.checkout',
      'shopping.cart',
      'shopping.order',
      'shopping.catalog.search',
    ]);
    expect(() => parseCapabilityList(PROTO_DIALECT, 'lookup')).toThrow(/ambiguous/);
    expect(() => parseCapabilityList(PROTO_DIALECT, 'teleport')).toThrow(/unknown capability/);
  });
});
