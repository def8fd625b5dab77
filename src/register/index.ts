import { requirements as ask } from './ask.js';
import { requirements as booking } from './booking.js';
import { requirements as cart } from './cart.js';
import { requirements as catalogLookup } from './catalog-lookup.js';
import { requirements as catalogSearch } from './catalog-search.js';
import { requirements as checkout } from './checkout.js';
import { requirements as envelope } from './envelope.js';
import { requirements as idempotency } from './idempotency.js';
import { requirements as location } from './location.js';
import { requirements as locationLookup } from './location-lookup.js';
import { requirements as locationSearch } from './location-search.js';
import { requirements as order } from './order.js';
import { requirements as platformAndDiscovery } from './platform-and-discovery.js';
import { requirements as profile } from './profile.js';
import { requirements as requests } from './requests.js';
import { requirements as signatures } from './signatures.js';
import { requirements as transport } from './transport.js';
import type { Requirement } from './types.js';
import { requirements as versions } from './versions.js';

/** The requirement register, as data: one file per capability or document area. */
const REGISTER: readonly Requirement[] = [
  ...platformAndDiscovery,
  ...profile,
  ...envelope,
  ...idempotency,
  ...versions,
  ...requests,
  ...signatures,
  ...transport,
  ...catalogSearch,
  ...catalogLookup,
  ...cart,
  ...checkout,
  ...order,
  ...location,
  ...locationSearch,
  ...locationLookup,
  ...ask,
  ...booking,
];

const byId = new Map<string, Requirement>(REGISTER.map((r) => [r.id, r]));

/** Every requirement of the register, in its order. */
export function allRequirements(): readonly Requirement[] {
  return REGISTER;
}

export function findRequirement(id: string): Requirement | undefined {
  return byId.get(id);
}
