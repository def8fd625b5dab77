import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { RuleContext } from '../../src/engine/rule.js';
import type { Exchange } from '../../src/report/exchange.js';
import { paymentHandlersRule } from '../../suites/shared/session-rules.js';

const check = { id: 'checkout.payment-handlers', title: 'handlers', requirements: ['CHK-004'] };
const rule = paymentHandlersRule('shopping.checkout', check, 'checkout');
const open = {
  operation: 'checkout.create',
  status: 201,
  json: { proto: { version: '2026-04-08', status: 'success' }, id: 'chk_1', status: 'incomplete', line_items: [] },
} as unknown as Exchange;
const ctx = (target: object) => ({ dialect: PROTO_DIALECT, target, validate: () => [] }) as unknown as RuleContext;

describe('the payment handlers of a session (CHK-004)', () => {
  it('says the profile names none only when a profile was read', () => {
    const read = ctx({ profile: { document: { proto: { payment_handlers: {} } } } });
    expect(rule.problems(open, read)[0]).toMatch(/the profile names none either$/);
    const unread = ctx({ profileNotRead: 'profile not read (HTTP 404); --endpoint gave the services' });
    const [problem] = rule.problems(open, unread);
    expect(problem).toMatch(/no profile was read to name one \(profile not read \(HTTP 404\)/);
    expect(problem).not.toMatch(/the profile names/);
  });
});
