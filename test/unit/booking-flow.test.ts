import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import {
  BOOKING,
  bookingRequest,
  completeBooking,
  createBooking,
  DEFAULT_BOOKER,
  DEFAULT_GUESTS,
  driveBooking,
  instrument,
  readyBooking,
  readyDrive,
  sentBack,
  withPeople,
} from '../../suites/shared/booking-flow.js';
import { DEFAULT_ADDRESS } from '../../suites/shared/checkout-flow.js';
import { ask, type Call, scripted, session, x } from './scripted-business.js';

// What the booking flow sends and decides, against a scripted business (the corpus proves the
// same against the reference business over HTTP).

const PROPERTY = { id: 'prop-1' };
const STAYS = [
  { id: 'stay-1', accommodation_type: 'room-a', stay_dates: { check_in: '2027-01-01' } },
  { id: 'stay-2', accommodation_type: 'room-b', stay_dates: { check_in: '2027-01-02' } },
];
const fixtures = (booking: object = {}) => ({
  fixtures: { booking: { property: PROPERTY, stays: STAYS, ...booking } },
});
const resourceSent = (c: Call) => c.opts.input?.resource as Record<string, unknown>;
const booking = (status: string, more: object = {}) => session(status, { id: 'bk_1', ...more });

describe('what a booking is made of', () => {
  it("takes the config's property with its stays or its sold-out stays, and stops without them", () => {
    const { t } = scripted(() => x(200), { config: fixtures({ sold_out_stays: [{ id: 'full' }] }) });
    expect(bookingRequest(t)).toEqual({ property: PROPERTY, stays: STAYS });
    expect(bookingRequest(t, 'sold_out_stays')).toEqual({ property: PROPERTY, stays: [{ id: 'full' }] });
    const bare = scripted(() => x(200), { config: fixtures() });
    expect(() => bookingRequest(bare.t, 'sold_out_stays')).toThrow(
      'not-tested: needs fixtures.booking.sold_out_stays in --config',
    );
    const none = scripted(() => x(200));
    expect(() => bookingRequest(none.t)).toThrow(
      'not-tested: needs fixtures.booking.property and fixtures.booking.stays in --config',
    );
    const noStays = scripted(() => x(200), { config: { fixtures: { booking: { property: PROPERTY } } } });
    expect(() => bookingRequest(noStays.t)).toThrow(/needs fixtures\.booking\.property and/);
  });

  it('sends back what the business showed, with the create members it did not echo', () => {
    const { t } = scripted(() => x(200), { config: fixtures() });
    // Matched by id, or by place when the business shows no id; its own values win.
    const shown = {
      id: 'bk_1',
      property: { name: 'Inn' },
      stays: [{ id: 'stay-9' }, { accommodation_type: 'own' }, { id: 'stay-2', rate: 1 }, 'junk'],
    };
    expect(sentBack(t, shown)).toEqual({
      id: 'bk_1',
      property: { id: 'prop-1', name: 'Inn' },
      stays: [{ id: 'stay-9' }, { ...STAYS[1], accommodation_type: 'own' }, { ...STAYS[1], rate: 1 }, 'junk'],
    });
    // Nothing shown: the create's property and stays.
    expect(sentBack(t, { id: 'bk_1', property: 'odd' })).toEqual({ id: 'bk_1', property: PROPERTY, stays: STAYS });
    const bare = scripted(() => x(200));
    expect(sentBack(bare.t, { id: 'bk_1' })).toEqual({ id: 'bk_1' });
    expect(sentBack(bare.t, { id: 'bk_1', stays: [] })).toEqual({ id: 'bk_1', stays: [] });
  });

  it('adds the people: guests unless it has some, the booker, a primary guest per stay, the purpose', () => {
    const { t } = scripted(() => x(200), { config: fixtures() });
    const people = withPeople(t, { id: 'bk_1', stays: [{ id: 'stay-1' }, { id: 'stay-2' }, { id: 'stay-3' }] });
    expect(people.guests).toEqual(DEFAULT_GUESTS);
    expect(people.booker).toEqual(DEFAULT_BOOKER);
    expect(people).not.toHaveProperty('travel_purpose');
    expect((people.stays as Record<string, unknown>[]).map((s) => s.guest_assignments)).toEqual([
      [{ guest_id: 'guest-1', role: 'primary' }],
      [{ guest_id: 'guest-2', role: 'primary' }],
      [{ guest_id: 'guest-1', role: 'primary' }],
    ]);
    const assigned = [{ guest_id: 'someone', role: 'primary' }];
    const own = withPeople(t, {
      guests: [{ id: 'g9' }, 'junk'],
      booker: { phone_number: '+1', email: 'old@x' },
      travel_purpose: 'business',
      stays: [
        { id: 'stay-1', guest_assignments: assigned },
        { id: 'stay-2', guest_assignments: [] },
      ],
    });
    expect(own.guests).toEqual([{ id: 'g9' }]);
    expect(own.booker).toEqual({ ...DEFAULT_BOOKER, phone_number: '+1' });
    expect(own.travel_purpose).toBe('business');
    expect((own.stays as Record<string, unknown>[]).map((s) => s.guest_assignments)).toEqual([
      assigned,
      [{ guest_id: 'g9', role: 'primary' }],
    ]);
    // An empty guest list is none; a stay that is not an object is sent back as it is.
    expect(withPeople(t, { guests: [], stays: ['junk'] })).toMatchObject({ guests: DEFAULT_GUESTS, stays: ['junk'] });
    const bare = withPeople(scripted(() => x(200), { config: { fixtures: {} } }).t, { id: 'bk_1' });
    expect(bare).toEqual({ id: 'bk_1', guests: DEFAULT_GUESTS, booker: DEFAULT_BOOKER });
    const configured = scripted(() => x(200), {
      config: fixtures({ travel_purpose: 'leisure', booker: { email: 'me@x' }, guests: [{ id: 'c1' }] }),
    });
    const mine = withPeople(configured.t, { booker: 'odd' });
    expect(mine).toMatchObject({ travel_purpose: 'leisure', booker: { email: 'me@x' }, guests: [{ id: 'c1' }] });
    expect(mine.stays).toEqual(STAYS.map((s) => ({ ...s, guest_assignments: [{ guest_id: 'c1', role: 'primary' }] })));
  });
});

describe('the words of a booking', () => {
  // Document 3 §Resources and their fields.
  const MEMBERS = [
    'property',
    'stays',
    'guests',
    'booker',
    'travel_purpose',
    'currency',
    'payment',
    'signals',
    'accommodation_type',
    'rate_plan',
    'occupancy',
    'stay_dates',
    'guest_assignments',
    'email',
    'first_name',
    'last_name',
    'phone_number',
    'birthdate',
    'address',
    'instruments',
    'billing_address',
  ];

  it('reads a create refused for any member of the spec as one the config can mend', async () => {
    for (const member of MEMBERS) {
      const { t } = scripted(() => x(400, { content: `${member} is required` }, {}), { config: fixtures() });
      expect(await createBooking(t)).toMatchObject({ kind: 'needs', cause: 'config' });
    }
  });

  it('creates, reads and cancels through the booking operations', async () => {
    const { t, calls, cleanups } = scripted((_c, n) => x(n === 1 ? 201 : 200, booking('incomplete')), {
      config: fixtures(),
    });
    await createBooking(t);
    await cleanups[0]();
    expect(calls.map((c) => c.op)).toEqual(['booking.create', 'booking.get', 'booking.cancel']);
  });

  it('sends whole test people by default: every field holds something', () => {
    for (const person of [...DEFAULT_GUESTS, DEFAULT_BOOKER]) {
      for (const value of Object.values(person)) expect(value).toMatch(/\S/);
    }
    expect(DEFAULT_GUESTS.map((g) => Object.keys(g))).toEqual([
      ['id', 'first_name', 'last_name'],
      ['id', 'first_name', 'last_name'],
    ]);
    expect(new Set(DEFAULT_GUESTS.map((g) => g.id)).size).toBe(2);
    expect(Object.keys(DEFAULT_BOOKER)).toEqual(['first_name', 'last_name', 'email']);
    expect(DEFAULT_BOOKER.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });
});

describe('creating and driving a booking', () => {
  it('sends the property and stays, and supplies what the business asks for from the config', async () => {
    const { t, calls } = scripted(
      (_c, n) =>
        n === 1
          ? x(200, { messages: [ask('$.booker.email'), ask('$.travel_purpose'), ask('$.stays[0].guest_assignments')] })
          : x(201, booking('incomplete')),
      { config: fixtures() },
    );
    expect((await createBooking(t)).kind).toBe('session');
    expect(calls[0].opts.input).toEqual({ property: PROPERTY, stays: STAYS, members: {} });
    expect(calls[1].opts.input?.members).toEqual({
      booker: { email: DEFAULT_BOOKER.email },
      travel_purpose: 'leisure',
      stays: [{ guest_assignments: [{ guest_id: 'guest-1', role: 'primary' }] }],
    });
  });

  it('supplies a payment instrument when a create asks for one and the config has a token', async () => {
    const asked = x(200, { messages: [ask('$.payment.instruments')] });
    const paid = scripted((_c, n) => (n === 1 ? asked : x(201, booking('incomplete'))), {
      config: { ...fixtures(), payment: { token: 'tok' } },
    });
    await createBooking(paid.t);
    expect(paid.calls[1].opts.input?.members).toMatchObject({
      payment: { instruments: [{ credential: { token: 'tok' } }] },
    });
    const bare = scripted(() => asked, { config: fixtures() });
    await createBooking(bare.t);
    expect(bare.calls).toHaveLength(1);
  });

  it('says what to do about refused stays', async () => {
    const { t, calls } = scripted(() => x(400, { content: 'no rooms' }), {
      config: fixtures({ sold_out_stays: [{ id: 'f' }] }),
    });
    expect(await createBooking(t, 'sold_out_stays')).toMatchObject({
      kind: 'needs',
      cause: 'items',
      why: 'the business refused the stays (HTTP 400: "no rooms"); set fixtures.booking.stays in --config to stays it can offer',
    });
    expect(calls[0].opts.input?.stays).toEqual([{ id: 'f' }]);
  });

  const drive = async (answers: Exchange[], config: object = fixtures()) => {
    const s = scripted((_c, n) => answers[n] ?? x(200, booking('ready_for_complete')), { config });
    const outcome = await driveBooking(s.t, answers[0]);
    return { ...s, outcome, sent: s.calls.map(resourceSent) };
  };

  it('first sends the session back with the people, filling what it asks for', async () => {
    const created = x(201, booking('incomplete', { messages: [ask('$.travel_purpose')] }));
    const { sent, outcome } = await drive([created]);
    expect(outcome.kind).toBe('ready');
    expect(sent[0]).toMatchObject({
      id: 'bk_1',
      property: PROPERTY,
      guests: DEFAULT_GUESTS,
      booker: DEFAULT_BOOKER,
      travel_purpose: 'leisure',
    });
    expect(sent[0]).not.toHaveProperty('proto');
  });

  it('then fills what it asks for, sends back what it shows, and stops when nothing is left', async () => {
    const asks = x(200, booking('incomplete', { messages: [ask('$.booker.phone_number')] }));
    const withPhone = await drive([x(201, booking('incomplete')), asks], fixtures({ booker: { phone_number: '+47' } }));
    expect(withPhone.sent[1].booker).toEqual({ phone_number: '+47' });
    const stalled = await drive([x(201, booking('incomplete')), asks]);
    expect(stalled.calls).toHaveLength(1);
    expect(stalled.outcome.why).toMatch(/^the session stays incomplete asking for \$\.booker\.phone_number/);
    const held = booking('incomplete', {
      stays: [{ id: 'stay-1', guest_assignments: [{ guest_id: 'x' }] }],
      messages: [ask('$.stays[0].guest_assignments', 'invalid')],
    });
    const reassigned = await drive([x(201, booking('incomplete')), x(200, held)]);
    expect((reassigned.sent[1].stays as Record<string, unknown>[])[0].guest_assignments).toEqual([
      { guest_id: 'guest-1', role: 'primary' },
    ]);
    for (const m of [ask('$.note', 'invalid'), ask('$.other')]) {
      const quiet = await drive([
        x(201, booking('incomplete')),
        x(200, booking('incomplete', { note: 'n', messages: [m] }), {}),
      ]);
      expect(quiet.calls).toHaveLength(1);
    }
    const shown = x(200, booking('incomplete', { note: 'n', messages: [ask('$.note')] }), {});
    const resent = await drive([x(201, booking('incomplete')), shown]);
    expect(resent.sent[1].note).toBe('n');
  });
});

describe('a ready booking, paid for', () => {
  const ready = x(200, booking('ready_for_complete'));

  it('reaches ready, or stops saying why', async () => {
    const run = (answers: Exchange[]) =>
      readyDrive(scripted((_c, n) => answers[n - 1] ?? ready, { config: fixtures() }).t);
    await expect(run([x(400, { content: 'no rooms' })])).rejects.toThrow(/^not-tested: the business refused the stays/);
    await expect(run([x(500, {})])).rejects.toThrow(/^blocked by booking\.create$/);
    await expect(run([x(201, booking('incomplete')), x(400, { content: 'no' })])).rejects.toThrow(
      /^not-tested: booking update answered HTTP 400/,
    );
    await expect(run([x(201, booking('incomplete')), x(500, {})])).rejects.toThrow(/^blocked by booking\.ready$/);
    expect((await run([x(201, booking('incomplete'))])).sessions).toHaveLength(2);
    const { t } = scripted((_c, n) => (n === 1 ? x(201, booking('incomplete')) : ready), { config: fixtures() });
    expect((await readyBooking(t)).json).toEqual(ready.json);
  });

  it("bills the booker's address when the config has one", () => {
    const { t } = scripted(() => x(200), { config: fixtures({ booker: { address: { postal_code: '0150' } } }) });
    expect(instrument(t, ready, 'tok').billing_address).toEqual({ postal_code: '0150' });
    const bare = scripted(() => x(200), { config: fixtures({ booker: { address: 'odd' } }) });
    expect(instrument(bare.t, ready, 'tok')).toMatchObject({
      billing_address: DEFAULT_ADDRESS,
      credential: { token: 'tok' },
    });
  });

  it('supplies session fields a complete asks for, never its own payment or signals', async () => {
    const asked = x(
      200,
      booking('ready_for_complete', {
        messages: [ask('$.travel_purpose'), ask('$.payment.instruments'), ask('$.signals.ip')],
      }),
    );
    const { t, calls } = scripted(
      (c, n) => (n === 1 ? asked : c.op === 'booking.update' ? ready : x(200, booking('completed'))),
      { config: { ...fixtures(), payment: { token: 'tok' } } },
    );
    const done = await completeBooking(t, ready, 'tok', { await: false });
    expect(calls.map((c) => c.op)).toEqual(['booking.complete', 'booking.update', 'booking.complete']);
    expect(resourceSent(calls[1])).toMatchObject({
      id: 'bk_1',
      property: PROPERTY,
      stays: STAYS,
      travel_purpose: 'leisure',
    });
    expect(resourceSent(calls[1])).not.toHaveProperty('payment');
    expect(resourceSent(calls[1])).not.toHaveProperty('signals');
    expect(done.final.json).toMatchObject({ status: 'completed' });
    // Only payment asked for: nothing for an update to carry.
    const payOnly = x(200, booking('ready_for_complete', { messages: [ask('$.payment.instruments')] }));
    const only = scripted(() => payOnly, { config: { ...fixtures(), payment: { token: 'tok' } } });
    await completeBooking(only.t, ready, 'tok', { await: false });
    expect(only.calls.map((c) => c.op)).toEqual(['booking.complete']);
  });

  it('names booking in what it reports', () => {
    expect(BOOKING.refusedCreate('x')).toMatch(/^the business refused the stays \(x\)/);
  });
});
