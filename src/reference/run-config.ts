import type { RunConfig } from '../config/config.js';
import { OUT_OF_STOCK_PRODUCT_ID, PRODUCTS, UNAVAILABLE_PRODUCT_ID } from './catalog-data.js';
import { ACCEPT_TOKEN, HOLD_TOKEN } from './payment.js';
import { PAYMENT_HANDLER_ID } from './profile.js';

/** The config a full run against the reference business needs (`reference-server --write-config`). */
export function referenceRunConfig(): RunConfig {
  const withOptions = PRODUCTS.filter((p) => p.variants.length > 1 && !p.unavailable);
  // Purchasable: products that can be sold whose every variant is in stock (not the trail runner).
  const purchasable = PRODUCTS.filter((p) => !p.unavailable && p.variants.every((v) => v.available));
  const variantOf = (productId: string) => PRODUCTS.find((p) => p.id === productId)!.variants[0].id;
  return {
    fixtures: {
      product_ids: PRODUCTS.slice(1, 4).map((p) => p.id),
      variant_ids: withOptions.slice(0, 2).map((p) => p.variants[1].id),
      lookup_batch_ceiling: 100,
      item_ids: purchasable.slice(0, 2).map((p) => p.variants[0].id),
      out_of_stock_item_ids: [variantOf(OUT_OF_STOCK_PRODUCT_ID)],
      unavailable_item_ids: [variantOf(UNAVAILABLE_PRODUCT_ID)],
    },
    payment: { handler_id: PAYMENT_HANDLER_ID, instrument_type: 'card', token: ACCEPT_TOKEN, in_progress_token: HOLD_TOKEN },
    second_platform: { agent_profile: 'https://second-platform.example/.well-known/proto' },
  };
}
