import type { Suite } from '../src/engine/suite.js';
import { cartSuite } from './cart/suite.js';
import { checkoutSuite } from './checkout/suite.js';
import { catalogLookupSuite } from './catalog-lookup/suite.js';
import { catalogSearchSuite } from './catalog-search/suite.js';
import { transportSuite } from './transport/suite.js';
import { signaturesSuite } from './signatures/suite.js';
import { requestSuites } from './requests/suite.js';
import { versionsSuite } from './versions/suite.js';
import { idempotencySuites } from './idempotency/suite.js';
import { retentionSuite } from './idempotency/retention.js';
import { envelopeSuite } from './envelope/suite.js';
import { orderSuite } from './order/suite.js';
import { askSuite } from './ask/suite.js';
import { profileSuite } from './profile/suite.js';
import { bookingSuite } from './booking/suite.js';
import { locationSearchSuite } from './location-search/suite.js';
import { locationLookupSuite } from './location-lookup/suite.js';

/**
 * Every suite, in run order. Adding a capability is adding its folder and its line here; its requirements go in
 * src/register/.
 */
export const suites: readonly Suite[] = [
  profileSuite,
  transportSuite,
  catalogSearchSuite,
  catalogLookupSuite,
  cartSuite,
  checkoutSuite,
  orderSuite,
  locationSearchSuite,
  locationLookupSuite,
  askSuite,
  bookingSuite,
  ...idempotencySuites,
  retentionSuite,
  ...requestSuites,
  envelopeSuite,
  versionsSuite,
  signaturesSuite,
];
