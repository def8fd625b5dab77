import type { Suite } from '../src/engine/suite.js';
import type { Requirement } from '../src/register/types.js';
import * as cart from './cart/requirements.js';
import { cartSuite } from './cart/suite.js';
import * as checkout from './checkout/requirements.js';
import { checkoutSuite } from './checkout/suite.js';
import * as catalogLookup from './catalog-lookup/requirements.js';
import { catalogLookupSuite } from './catalog-lookup/suite.js';
import * as catalogSearch from './catalog-search/requirements.js';
import { catalogSearchSuite } from './catalog-search/suite.js';
import * as envelope from './envelope/requirements.js';
import * as idempotency from './idempotency/requirements.js';
import * as versions from './versions/requirements.js';
import * as requests from './requests/requirements.js';
import * as signatures from './signatures/requirements.js';
import * as transport from './transport/requirements.js';
import { transportSuite } from './transport/suite.js';
import { signaturesSuite } from './signatures/suite.js';
import { requestSuites } from './requests/suite.js';
import { versionsSuite } from './versions/suite.js';
import { idempotencySuites } from './idempotency/suite.js';
import { envelopeSuite } from './envelope/suite.js';
import * as order from './order/requirements.js';
import { orderSuite } from './order/suite.js';
import * as profile from './profile/requirements.js';
import * as ask from './ask/requirements.js';
import { askSuite } from './ask/suite.js';
import { profileSuite } from './profile/suite.js';
import * as shared from './shared/requirements.js';
import * as booking from './booking/requirements.js';
import { bookingSuite } from './booking/suite.js';
import * as locationShape from './shared/location-requirements.js';
import * as locationSearch from './location-search/requirements.js';
import { locationSearchSuite } from './location-search/suite.js';
import * as locationLookup from './location-lookup/requirements.js';
import { locationLookupSuite } from './location-lookup/suite.js';

/** Every suite, in run order. Adding a capability is adding its folder and one line in each list. */
export const suites: readonly Suite[] = [
  profileSuite, transportSuite, catalogSearchSuite, catalogLookupSuite, cartSuite, checkoutSuite, orderSuite, locationSearchSuite, locationLookupSuite, askSuite, bookingSuite, ...idempotencySuites, ...requestSuites, envelopeSuite, versionsSuite, signaturesSuite,
];

/** The requirement register: every requirement of every suite. */
export const requirements: Requirement[] = [
  ...shared.requirements,
  ...profile.requirements,
  ...envelope.requirements,
  ...idempotency.requirements,
  ...versions.requirements,
  ...requests.requirements,
  ...signatures.requirements,
  ...transport.requirements,
  ...catalogSearch.requirements,
  ...catalogLookup.requirements,
  ...cart.requirements,
  ...checkout.requirements,
  ...order.requirements,
  ...locationShape.requirements,
  ...locationSearch.requirements,
  ...locationLookup.requirements,
  ...ask.requirements,
  ...booking.requirements,
];
