import type { RunConfig } from '../config/config.js';
import { locationFixtures } from './common/locations-data.js';
import { bookingFixtures } from './lodging/fixtures.js';
import { PAYMENT_HANDLER_ID } from './profile.js';
import { hooksOf } from './server.js';
import type { HookPoints } from './hook-points.js';
import type { Hooks } from './shared/hooks.js';
import type { RunConfigNeeds } from './shared/layer-hooks.js';
import { ACCEPT_TOKEN, HOLD_TOKEN } from './shared/payment.js';
import { OUT_OF_STOCK_PRODUCT_ID, PRODUCTS, UNAVAILABLE_PRODUCT_ID } from './shopping/catalog-data.js';
import type { VariationName } from './variations.js';

export { REFERENCE_API_KEY } from './shared/auth.js';

/**
 * The config a full run against the reference business needs (`reference-server --write-config`):
 * its fixtures, its test tokens and, for the variations on, what they ask of a platform. Each
 * variation says what it needs at the 'run-config.needs' hook point; this lays it out.
 */
export function referenceRunConfig(
  variations: readonly VariationName[] = [],
  business?: { url: string; servicesUrl: string },
): RunConfig {
  const hooks = hooksOf([], variations);
  const needs = hooks.run('run-config.needs', { fixtures: referenceFixtures(hooks) }, { business });
  return {
    ...(needs.signing ? { signing: needs.signing } : {}),
    // Mutual TLS: a client certificate for the operations listed.
    ...(needs.certificateFor ? { auth: { required_for: needs.certificateFor } } : {}),
    ...(needs.tls ? { tls: needs.tls } : {}),
    ...(needs.credential ? { headers: needs.credential.headers, auth: needs.credential.auth } : {}),
    fixtures: needs.fixtures,
    payment: {
      handler_id: PAYMENT_HANDLER_ID,
      instrument_type: 'card',
      token: ACCEPT_TOKEN,
      in_progress_token: HOLD_TOKEN,
    },
    ...(needs.requests ? { requests: needs.requests } : {}),
    second_platform: {
      agent_profile: 'https://second-platform.example/.well-known/proto',
      ...(needs.credential ? { headers: needs.credential.headers } : {}),
    },
  };
}

/**
 * The business's fixtures: its catalog, its locations, its lodging, and questions for its ask engine; the hooks
 * name ids and shapes as the business writes them.
 */
function referenceFixtures(hooks: Hooks<HookPoints>): RunConfigNeeds['fixtures'] {
  const withOptions = PRODUCTS.filter((p) => p.variants.length > 1 && !p.unavailable);
  // Purchasable: products that can be sold whose every variant is in stock (not the trail runner).
  const purchasable = PRODUCTS.filter((p) => !p.unavailable && p.variants.every((v) => v.available));
  const variantOf = (productId: string) => PRODUCTS.find((p) => p.id === productId)!.variants[0].id;
  return {
    product_ids: PRODUCTS.slice(1, 4).map((p) => p.id),
    variant_ids: withOptions.slice(0, 2).map((p) => p.variants[1].id),
    lookup_batch_ceiling: 100,
    locations: locationFixtures(hooks),
    item_ids: purchasable.slice(0, 2).map((p) => p.variants[0].id),
    out_of_stock_item_ids: [variantOf(OUT_OF_STOCK_PRODUCT_ID)],
    unavailable_item_ids: [variantOf(UNAVAILABLE_PRODUCT_ID)],
    booking: bookingFixtures(hooks),
    // Questions its ask engine answers, one it cannot, one that gets an allergen disclosure; a product and a variant to
    // ground on.
    ask: {
      query: 'What is your return policy?',
      unaddressable_query: 'What will the weather be like on Mars next Tuesday?',
      disclosure_query: 'I have a nut allergy. Do any of your products contain nuts or latex?',
      grounding_ids: [PRODUCTS[2].id, PRODUCTS[3].variants[0].id],
    },
  };
}
