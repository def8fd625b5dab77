import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import { discover } from '../../src/discovery/discover.js';
import type { HttpClient } from '../../src/http/client.js';
import type { Exchange } from '../../src/report/exchange.js';

const ENDPOINT = 'https://shop.example/api';

/** A client that answers the profile request with this document, and nothing else. */
function profileClient(capabilities: unknown): HttpClient {
  const document = {
    proto: {
      version: '2026-04-08',
      services: { 'org.proto.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: ENDPOINT }] },
      ...(capabilities === undefined ? {} : { capabilities }),
    },
  };
  const exchange = (url: string): Exchange => ({
    seq: 1,
    operation: 'profile',
    method: 'GET',
    url,
    requestHeaders: {},
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: JSON.stringify(document),
    json: document,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  });
  return { send: async (req: { url: string }) => exchange(req.url) } as unknown as HttpClient;
}

const run = (capabilities: unknown, named?: string[]) =>
  discover('https://shop.example', PROTO_DIALECT, profileClient(capabilities), {
    endpoints: new Map(),
    capabilities: named,
  });

describe('--capabilities against what the profile advertises', () => {
  it('checks what the flag names, and says so, when the registry is no object', async () => {
    const target = await run([{ name: 'org.proto.shopping.cart' }], ['shopping.cart']);
    expect([...target.capabilities]).toEqual(['shopping.cart']);
    expect(target.notices).toEqual([
      expect.stringMatching(
        /proto\.capabilities is an array, not a registry object.*checking org\.proto\.shopping\.cart/,
      ),
    ]);
  });

  it('names what the profile does not advertise, instead of selecting nothing silently', async () => {
    const target = await run({ 'org.proto.shopping.checkout': [{ version: '2026-04-08' }] }, ['shopping.cart']);
    expect([...target.capabilities]).toEqual([]);
    expect(target.notices).toEqual([
      '--capabilities names org.proto.shopping.cart, which the profile does not advertise (it advertises org.proto.shopping.checkout): not checked',
    ]);
  });

  it('says nothing when the flag names what is advertised, or is not given', async () => {
    const registry = { 'org.proto.shopping.cart': [{ version: '2026-04-08' }] };
    expect((await run(registry, ['shopping.cart'])).notices).toBeUndefined();
    expect((await run(registry)).notices).toBeUndefined();
    expect([...(await run(registry)).capabilities]).toEqual(['shopping.cart']);
  });
});

describe('a capability named short', () => {
  it('is named in a notice with the name it stands for, never silently left unadvertised', async () => {
    const v = [{ version: '2026-04-08' }];
    const target = await run({ cart: v, search: v, 'org.proto.shopping.checkout': v, 'com.example.loyalty': v });
    expect([...target.capabilities]).toEqual(['shopping.checkout']);
    expect(target.notices).toEqual([
      'proto.capabilities names "cart", which is no capability name; did you mean org.proto.shopping.cart? Its suites are not run',
      'proto.capabilities names "search", which is no capability name; did you mean org.proto.shopping.catalog.search or org.proto.common.location.search? Its suites are not run',
    ]);
  });
});
