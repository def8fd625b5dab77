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
