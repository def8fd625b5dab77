import { refusedProbe, type FaultChecks } from './checks.js';
/** What a session that never gets created, or never gets driven to ready, leaves unjudged. */
const AFTER_CREATE = ['booking.ready', 'booking.get', 'booking.update-kept'];

const AFTER_READY = [
  'booking.get',
  'booking.update-kept',
  'booking.complete',
  'booking.confirmation-members',
  'booking.in-progress-unchanged',
  'booking.cancel-completed',
  'booking.completed-confirmation',
  'idempotency.booking.complete.missing-key',
  'idempotency.booking.complete.replay',
  'idempotency.booking.complete.replay-no-second-effect',
];

/** What a booking that never completes leaves unjudged. */
const COMPLETED = [
  'booking.confirmation-members',
  'booking.cancel-completed',
  'booking.completed-confirmation',
  'idempotency.booking.complete.replay-no-second-effect',
];

/** What each fault of the lodging service (src/reference/lodging/faults.ts) must fail. */
export const LODGING_FAULT_CHECKS: Record<string, FaultChecks> = {
  'booking-property-id-defaulted': { fails: ['requests.booking.create.missing-member'] },
  'booking-create-200': { fails: ['booking.create', 'envelope.success-status'], skips: AFTER_CREATE },
  'booking-create-500': {
    fails: ['booking.create'],
    skips: [
      ...AFTER_CREATE,
      'booking.cancel',
      'booking.partial-update',
      'booking.invalid-guest-200',
      'booking.complete',
      'booking.confirmation-members',
      'booking.cancel-completed',
      'booking.in-progress-unchanged',
      'booking.resource',
      'booking.payment-handlers',
      'booking.completed-confirmation',
      'booking.incomplete-names-missing',
      'booking.missing-messages',
      'booking.dates',
      'booking.currency',
      'idempotency.booking.*',
      'requests.booking.create.agent-missing',
      'requests.booking.create.agent-malformed',
      'requests.booking.create.malformed-json',
      'requests.booking.create.missing-member',
    ],
  },
  'booking-create-no-totals': { fails: ['booking.create'], skips: AFTER_CREATE },
  'booking-create-no-links': { fails: ['booking.create'], skips: AFTER_CREATE },
  'booking-status-pending': {
    fails: ['booking.create', 'booking.resource'],
    skips: [
      ...AFTER_CREATE,
      'booking.cancel',
      'booking.partial-update',
      'booking.invalid-guest-200',
      'booking.incomplete-names-missing',
    ],
  },
  'booking-sold-out-409': { fails: ['booking.inventory-exhausted'] },
  'booking-sold-out-creates-session': {
    fails: ['booking.inventory-exhausted', 'booking.resource', 'envelope.success-status'],
  },
  'booking-sold-out-other-code': { fails: ['booking.inventory-exhausted'] },
  'booking-sold-out-no-continue-url': { fails: ['booking.inventory-exhausted'] },
  'booking-never-ready': { fails: ['booking.ready'], skips: AFTER_READY },
  'booking-guest-first-name-ignored': { fails: ['booking.ready'], skips: AFTER_READY },
  'booking-update-drops-booker': { fails: ['booking.update-kept'] },
  'booking-partial-guest-400': { fails: ['booking.partial-update'] },
  'booking-partial-update-202': { fails: ['booking.partial-update', 'envelope.success-status'] },
  'booking-partial-update-new-session': { fails: ['booking.partial-update'] },
  'booking-partial-booker-400': { fails: ['booking.partial-update'] },
  'booking-create-in-progress': {
    fails: ['booking.create'],
    // The requests probes' sessions give the incomplete-names-missing rule sessions to judge.
    skips: [
      ...AFTER_CREATE.filter((c) => c !== 'booking.incomplete-names-missing'),
      'booking.cancel',
      'booking.partial-update',
      'booking.invalid-guest-200',
    ],
  },
  'booking-get-201': { fails: ['booking.get', 'envelope.success-status'] },
  'booking-get-record-key': { fails: ['booking.get'] },
  'booking-complete-202': { fails: ['booking.complete', 'envelope.success-status'] },
  'booking-get-stale': { fails: ['booking.get'] },
  'booking-get-without-guests': { fails: ['booking.get'] },
  'booking-no-confirmation': {
    fails: ['booking.complete', 'booking.completed-confirmation'],
    skips: ['booking.confirmation-members', 'idempotency.booking.complete.replay-no-second-effect'],
  },
  'booking-pincode-number': { fails: ['booking.confirmation-members', 'booking.resource'] },
  'booking-confirmation-numbers': {
    fails: ['booking.confirmation-members', 'booking.resource'],
    skips: ['idempotency.booking.complete.replay-no-second-effect'],
  },
  'booking-status-confirmed': {
    fails: ['booking.complete', 'booking.resource'],
    skips: ['booking.cancel-completed', 'booking.completed-confirmation'],
  },
  'booking-cancelled-spelling': { fails: ['booking.cancel', 'booking.resource'] },
  'booking-update-during-completion': { fails: ['booking.in-progress-unchanged'] },
  'booking-in-progress-silent': { fails: ['booking.in-progress-unchanged'] },
  'booking-in-progress-warning': { fails: ['booking.in-progress-unchanged'] },
  'booking-in-progress-unrecoverable': { fails: ['booking.in-progress-unchanged'] },
  'booking-in-progress-202': { fails: ['booking.in-progress-unchanged'] },
  'booking-in-progress-409': { fails: ['booking.in-progress-unchanged'] },
  'booking-dates-timestamps': { fails: ['booking.dates'] },
  'booking-currency-not-iso': { fails: ['booking.currency'] },
  'booking-currency-four-letters': { fails: ['booking.currency'] },
  'booking-birthdate-impossible': { fails: ['booking.dates'] },
  'booking-booker-phone-number': { fails: ['booking.resource'] },
  'booking-incomplete-silent': { fails: ['booking.incomplete-names-missing'], skips: ['booking.missing-messages'] },
  'booking-missing-without-path': { fails: ['booking.missing-messages'] },
  'booking-no-payment-handlers': { fails: ['booking.payment-handlers'] },
  'booking-payment-handlers-not-array': { fails: ['booking.payment-handlers'] },
  'booking-cancel-202': { fails: ['booking.cancel', 'envelope.success-status'] },
  'booking-cancel-ignored': { fails: ['booking.cancel'] },
  'booking-get-status-lags': { fails: ['booking.get'] },
  'booking-update-ready-refused': { fails: ['booking.update-kept'] },
  'booking-sold-out-recoverable': { fails: ['booking.inventory-exhausted'] },
  'booking-in-progress-status-reset': { fails: ['booking.in-progress-unchanged'] },
  'booking-missing-path-relative': { fails: ['booking.missing-messages'] },
  'booking-missing-unrecoverable': { fails: ['booking.missing-messages'] },
  'booking-complete-stays-ready': { fails: ['booking.complete'], skips: COMPLETED },
  'booking-complete-ignores-billing-address': {
    fails: ['booking.complete'],
    skips: [...COMPLETED, 'booking.in-progress-unchanged'],
  },
  'booking-complete-pending-warning': {
    fails: ['booking.complete'],
    skips: [...COMPLETED, 'booking.in-progress-unchanged'],
  },
  'booking-complete-declined-500': {
    fails: ['booking.complete', 'envelope.transport-error-body'],
    skips: [
      ...COMPLETED,
      'idempotency.booking.complete.missing-key',
      'idempotency.booking.complete.replay',
      'booking.in-progress-unchanged',
      // The requests probes complete a real session, and the complete answers 500.
      ...refusedProbe('booking.complete'),
    ],
  },
  'booking-get-no-confirmation': { fails: ['booking.completed-confirmation'] },
  'booking-invalid-email-400': { fails: ['booking.invalid-guest-200'] },
  'booking-cancel-endpoint-missing': {
    fails: ['booking.cancel', 'booking.endpoints-exist'],
    skips: [
      'idempotency.booking.cancel.missing-key',
      'idempotency.booking.cancel.replay',
      'requests.booking.cancel.agent-missing',
      'requests.booking.cancel.agent-malformed',
      'requests.booking.cancel.malformed-json',
    ],
  },
};
