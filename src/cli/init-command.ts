import { existsSync } from 'node:fs';
import { catalogIds } from '../../suites/shared/catalog-fixtures.js';
import { idsOf, locationsOf } from '../../suites/shared/locations.js';
import type { RunConfig } from '../config/config.js';
import { PROTO_DIALECT, wireName } from '../dialect/dialect.js';
import { discover } from '../discovery/discover.js';
import { ScenarioContext } from '../engine/context.js';
import { UsageError } from '../errors.js';
import { HttpClient } from '../http/client.js';
import { serviceOf } from '../protocol/operations.js';
import { DEFAULT_AGENT_PROFILE } from '../platform/agent-profile.js';
import { EXIT } from '../report/exit-code.js';
import { writeReportFile } from '../../reports/write-file.js';
import { RUN_DEFAULTS } from './defaults.js';

/** How a member still to be filled in reads: the loader leaves it out, so its checks are not-tested. */
const todo = (suites: string, what: string) => `TODO(${suites}): ${what}`;

/**
 * `init URL`: reads the business's profile, finds what fixtures it can the way the suites do
 * (products and variants by a catalog search, locations by a location search), and writes a
 * config marking each member still needed as a TODO naming the suites that need it.
 */
export async function initCommand(
  url: string,
  opts: { out: string; force?: boolean; timeout: string },
  write: (s: string) => void,
): Promise<number> {
  if (!opts.force && existsSync(opts.out))
    throw new UsageError(`${opts.out} exists; init replaces it only with --force`);
  const dialect = PROTO_DIALECT;
  const client = new HttpClient({
    dialect,
    agentProfile: DEFAULT_AGENT_PROFILE,
    timeoutMs: Number(opts.timeout) || Number(RUN_DEFAULTS.timeout),
    maxResponseBytes: Number(RUN_DEFAULTS.maxResponseBytes),
    headers: {},
  });
  try {
    const target = await discover(url, dialect, client, { endpoints: new Map() });
    const has = (c: string) => target.capabilities.has(c) && !!target.services.get(serviceOf(c))?.endpoint;
    // The suites' own fixture search, run once here.
    const t = new ScenarioContext(target, {}, client, [], 'init');
    const catalog = has('shopping.catalog.search') ? await catalogIds(t).catch(() => undefined) : undefined;
    const locations = has('common.location.search')
      ? await t
          .call('location.search', { input: { limit: 5 }, tolerateTransportError: true })
          .then((x) => idsOf(locationsOf(x.json)))
          .catch(() => [])
      : [];
    const config = initialConfig(target.capabilities, catalog, locations);
    await writeReportFile(opts.out, `${JSON.stringify(config, null, 2)}\n`).catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot write ${opts.out} (${err.code ?? err.message})`);
    });
    const advertised = [...target.capabilities].map((c) => wireName(dialect, c));
    const todos = JSON.stringify(config).match(/"TODO\(/g)?.length ?? 0;
    write(
      [
        `${url} advertises ${advertised.length} capabilities: ${advertised.join(', ')}`,
        `found ${catalog?.productIds.length ?? 0} products, ${catalog?.variantIds.length ?? 0} variants, ${locations.length} locations`,
        `wrote ${opts.out}: ${todos} members are still TODO; until filled in, the checks that need them are not-tested`,
        `then run: proto-conformance ${url} --config ${opts.out}`,
        '',
      ].join('\n'),
    );
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

function initialConfig(
  capabilities: ReadonlySet<string>,
  catalog: { productIds: string[]; variantIds: string[] } | undefined,
  locations: string[],
): RunConfig & Record<string, unknown> {
  const shopping = ['shopping.cart', 'shopping.checkout', 'shopping.order'].some((c) => capabilities.has(c));
  const fixtures: Record<string, unknown> = {};
  if (catalog?.productIds.length) fixtures.product_ids = catalog.productIds.slice(0, 3);
  if (catalog?.variantIds.length) fixtures.variant_ids = catalog.variantIds.slice(0, 2);
  if (shopping) {
    fixtures.item_ids = catalog?.variantIds.length
      ? catalog.variantIds.slice(0, 2)
      : todo('cart, checkout', 'ids of two items the business sells');
    fixtures.out_of_stock_item_ids = [todo('checkout', 'an item the business has but cannot sell now')];
    fixtures.shipping_address = todo('checkout', 'an address the business ships to');
  }
  if (capabilities.has('common.location.search') || capabilities.has('common.location.lookup'))
    fixtures.locations = locations.length
      ? { ids: locations.slice(0, 3) }
      : { ids: [todo('location-lookup', 'ids of locations the business has')] };
  if (capabilities.has('common.ask')) fixtures.ask = { query: todo('ask', 'a question the business answers') };
  if (capabilities.has('lodging.booking'))
    fixtures.booking = { property: todo('booking', 'a property to book, as the business names it') } as never;
  return {
    headers: { 'X-API-Key': todo('every suite', 'the credential the business wants, or remove this member') },
    fixtures: fixtures as RunConfig['fixtures'],
    ...(capabilities.has('shopping.checkout')
      ? {
          payment: {
            handler_id: todo('checkout, order', 'a payment handler id from the profile'),
            token: todo('checkout, order', 'a test payment token the business accepts'),
          },
        }
      : {}),
  };
}
