import { join } from 'node:path';
import type { RunConfig } from '../config/config.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { OUT_OF_STOCK_PRODUCT_ID, PRODUCTS, UNAVAILABLE_PRODUCT_ID } from './shopping/catalog-data.js';
import { ACCEPT_TOKEN, HOLD_TOKEN } from './shared/payment.js';
import { PAYMENT_HANDLER_ID } from './profile.js';
import { SIGNED_ON_COMPLETE_ONLY } from './shared/request-signatures.js';
import { bookingFixtures } from './lodging/fixtures.js';
import { locationFixtures } from './common/locations-data.js';
import {
  REFERENCE_API_KEY,
  REFERENCE_BEARER_TOKEN,
  REFERENCE_UNSCOPED_API_KEY,
  REFERENCE_UNSCOPED_BEARER_TOKEN,
} from './shared/auth.js';
import { OPERATIONS } from '../protocol/operations.js';
import type { HookPoints } from './hook-points.js';
import { Hooks, type Plugs } from './shared/hooks.js';
import { VARIATIONS, type VariationName } from './variations.js';

export { REFERENCE_API_KEY } from './shared/auth.js';

/**
 * The config a full run against the reference business needs (`reference-server --write-config`):
 * its fixtures, its test tokens and, for the variations on, what they ask of a platform.
 */
export function referenceRunConfig(
  variations: readonly VariationName[] = [],
  business?: { url: string; servicesUrl: string },
): RunConfig {
  const on = new Set(variations);
  // The plugs of the variations on, as the business has them: the fixtures name what it writes through them.
  const hooks = new Hooks<HookPoints>(
    VARIATIONS.filter((v) => on.has(v.name)).map((v) => (v as { plug?: Plugs<HookPoints> }).plug ?? {}),
  );
  const withOptions = PRODUCTS.filter((p) => p.variants.length > 1 && !p.unavailable);
  // Purchasable: products that can be sold whose every variant is in stock (not the trail runner).
  const purchasable = PRODUCTS.filter((p) => !p.unavailable && p.variants.every((v) => v.available));
  const variantOf = (productId: string) => PRODUCTS.find((p) => p.id === productId)!.variants[0].id;
  const bearer = on.has('auth-bearer');
  const apiKey: Record<string, string> | undefined =
    on.has('auth-api-key') || on.has('auth-checkout-only')
      ? { 'X-API-Key': REFERENCE_API_KEY }
      : bearer
        ? { Authorization: `Bearer ${REFERENCE_BEARER_TOKEN}` }
        : undefined;
  const unscoped: Record<string, string> = bearer
    ? { Authorization: `Bearer ${REFERENCE_UNSCOPED_BEARER_TOKEN}` }
    : { 'X-API-Key': REFERENCE_UNSCOPED_API_KEY };
  const covered = on.has('auth-checkout-only')
    ? OPERATIONS.filter((o) => o.capability === 'shopping.checkout' || o.capability === 'shopping.order').map(
        (o) => o.name,
      )
    : ['*'];
  // Credentials go only to the target's origin and those listed: the services' own, when they live elsewhere.
  const servicesOrigin =
    business && new URL(business.servicesUrl).origin !== new URL(business.url).origin
      ? [new URL(business.servicesUrl).origin]
      : [];
  const signing = on.has('requires-signatures')
    ? { signing: { required_for: ['*'] } }
    : on.has('signatures-on-complete-only')
      ? { signing: { required_for: SIGNED_ON_COMPLETE_ONLY } }
      : {};
  // Mutual TLS: the platform certificate the reference's test CA signed, needed for every service request.
  const mtls = on.has('mtls-required') ? { auth: { required_for: ['*'] } } : {};
  const https = on.has('https-tls-1-3') || on.has('mtls-required');
  const tls = https
    ? {
        tls: {
          ca_file: join(PACKAGE_ROOT, 'src/reference/tls/reference-cert.pem'),
          ...(on.has('mtls-required')
            ? {
                cert_file: join(PACKAGE_ROOT, 'src/reference/tls/client-cert.pem'),
                key_file: join(PACKAGE_ROOT, 'src/reference/tls/client-key.pem'),
              }
            : {}),
        },
      }
    : {};
  return {
    ...signing,
    ...mtls,
    ...tls,
    ...(apiKey
      ? { headers: apiKey, auth: { required_for: covered, forbidden_headers: unscoped, origins: servicesOrigin } }
      : {}),
    fixtures: {
      product_ids: PRODUCTS.slice(1, 4).map((p) => p.id),
      variant_ids: withOptions.slice(0, 2).map((p) => p.variants[1].id),
      lookup_batch_ceiling: 100,
      locations: locationFixtures(variations, hooks),
      item_ids: purchasable.slice(0, 2).map((p) => p.variants[0].id),
      out_of_stock_item_ids: [variantOf(OUT_OF_STOCK_PRODUCT_ID)],
      unavailable_item_ids: [variantOf(UNAVAILABLE_PRODUCT_ID)],
      booking: bookingFixtures(variations),
      // Questions its ask engine answers, one it cannot, one that gets an allergen disclosure; a product and a variant
      // to ground on.
      ask: {
        query: 'What is your return policy?',
        unaddressable_query: 'What will the weather be like on Mars next Tuesday?',
        disclosure_query: 'I have a nut allergy. Do any of your products contain nuts or latex?',
        grounding_ids: [PRODUCTS[2].id, PRODUCTS[3].variants[0].id],
      },
      ...(on.has('checkout-requires-phone') || on.has('checkout-update-400-without-phone')
        ? {
            buyer: {
              email: 'buyer@proto-conformance.example',
              first_name: 'Ada',
              last_name: 'Tester',
              phone_number: '+15555550100',
            },
          }
        : {}),
    },
    payment: {
      handler_id: PAYMENT_HANDLER_ID,
      instrument_type: 'card',
      token: ACCEPT_TOKEN,
      in_progress_token: HOLD_TOKEN,
    },
    ...(on.has('checkout-create-requires-currency') || on.has('checkout-create-requires-currency-400')
      ? { requests: { 'checkout.create': { currency: 'USD' } } }
      : {}),
    second_platform: {
      agent_profile: 'https://second-platform.example/.well-known/proto',
      ...(apiKey ? { headers: apiKey } : {}),
    },
  };
}
