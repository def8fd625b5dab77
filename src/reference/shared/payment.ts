import { isObject } from '../../dialect/dialect.js';
import { recoverable, unrecoverable, type ReplyMessage } from './replies.js';

/**
 * Test payment tokens of the reference business's card handler. The platform sends one as
 * `credential.token` in Complete Checkout or Complete Booking Session; the business never echoes
 * it back.
 */

/** Accepted at once: the session completes (an order is placed, a booking confirmed). */
export const ACCEPT_TOKEN = 'ref-token-accept';
/** Held for review: the session stays complete_in_progress and nothing is placed or confirmed (yet). */
export const HOLD_TOKEN = 'ref-token-hold';

export type PaymentOutcome = 'accept' | 'hold' | 'decline';

/** What the test processor does with a token: any token but the two above is declined. */
export function authorize(token: unknown): PaymentOutcome {
  if (token === ACCEPT_TOKEN) return 'accept';
  if (token === HOLD_TOKEN) return 'hold';
  return 'decline';
}

/**
 * The payment instruments an update carries, as a session keeps them (the payment-before-ready
 * variations): objects only, the credential taken out, since the business never echoes it.
 */
export function keptInstruments(body: Record<string, unknown>): Record<string, unknown>[] {
  const payment = body.payment;
  const instruments =
    isObject(payment) && Array.isArray(payment.instruments) ? payment.instruments.filter(isObject) : [];
  return instruments.map(({ credential: _secret, ...rest }) => rest);
}

/**
 * The refusal of a provider that declines the instrument outright (a business outcome, nothing to fix by the platform).
 */
export const providerDeclined = (): ReplyMessage =>
  unrecoverable('payment_declined', 'The payment provider declined the instrument.');

/** What a business says that asks for the billing address of the (first) instrument. */
export const billingAddressMissing = (): ReplyMessage =>
  recoverable('missing', 'A billing address is required.', '$.payment.instruments[0].billing_address');

/** The refusal of a provider that cannot verify the billing address the (first) instrument carries. */
export const billingAddressUnverified = (): ReplyMessage =>
  recoverable(
    'invalid',
    'The billing address could not be verified by the payment provider.',
    '$.payment.instruments[0].billing_address',
  );
