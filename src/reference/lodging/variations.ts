import { variation } from '../switches.js';

const capability = 'lodging.booking';

/** Variations of the lodging service module (Document 3): booking sessions. */
export const LODGING_VARIATIONS = [
  variation({ name: 'booking-requires-guest-phone', capability,
    description: 'The session is not ready without a phone number for each guest, which its missing messages name ($.guests[0].phone_number). A checker with a fixed recipe never reaches ready.',
    permitted_by: 'Document 3 §What the service does: "A business MAY enforce presence of fields in `guests`, … and states such expectations through `messages`."' }),
  variation({ name: 'booking-multi-stay', capability,
    description: 'The run books two stays, and each stay needs a primary guest of its own. A checker that assigns guests to the first stay only, or one guest to every stay, never reaches ready.',
    permitted_by: 'Document 3 §Resources and their fields: stays "One or more stays (multi-stay bookings allowed)"; §What the service does: "A business MAY enforce presence of fields in … `guest_assignments` … and states such expectations through `messages`."' }),
  variation({ name: 'booking-rate-plans-per-room', capability,
    description: 'Rate plans are offered per accommodation type, and the run books two stays under different rate plans. A checker that assumes one rate plan for a whole booking fails it.',
    permitted_by: 'Document 3 §Resources and their fields: Stay "rate_plan | object | `id`", one per stay; the document says nothing of which rate plans go with which accommodation type.' }),
  variation({ name: 'booking-nothing-required', capability,
    description: 'The business enforces no field: a session is ready_for_complete at create. A checker that requires incomplete at create, or an update before complete, fails it.',
    permitted_by: 'Document 3 §What the service does: "A business MAY enforce presence of fields"; §Resources and their fields: "which fields are mandatory on create or complete: not shown."',
    // No session is ever incomplete: nothing is left to name, to leave unnamed, or to misspell.
    hides: ['booking-never-ready', 'booking-incomplete-silent', 'booking-missing-without-path', 'booking-status-pending'] }),
  variation({ name: 'booking-confirmation-without-pincode', capability,
    description: 'A confirmation carries id and label but no pincode. A checker that requires all three members fails it.',
    permitted_by: 'Document 3 §Resources and their fields: confirmation "`id`, `label`, `pincode` (strings)": known members, none individually required.',
    hides: ['booking-pincode-number'] }),
  variation({ name: 'booking-expires-at', capability,
    description: 'Sessions carry expires_at, an RFC 3339 timestamp. A checker that reads every date-like member as a YYYY-MM-DD date fails it.',
    permitted_by: 'Document 3 §Limits: "Session lifetime is signalled by `expires_at`; its duration is not shown."' }),
  variation({ name: 'booking-no-travel-purpose', capability,
    description: 'The business has no use for travel_purpose and never asks for it; the run config names none. A checker that needs one to go on fails or stops.',
    permitted_by: 'Document 3 §Resources and their fields: "Allowed values of `travel_purpose` … and which fields are mandatory on create or complete: not shown."' }),
  variation({ name: 'booking-unknown-session-404', capability,
    description: 'Reading an unknown booking session answers HTTP 404 with code and content. A checker that takes any 404 for a missing route reports the endpoint as absent.',
    permitted_by: 'Not shown: what Get Booking Session answers for an unknown session (Document 3 §Errors: "Other codes specific to lodging: not shown").' }),
] as const;
