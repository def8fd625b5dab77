import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { readRefusal, said, textOf } from '../../suites/shared/refusal.js';

const MEMBERS = ['buyer', 'currency', 'line_items', 'email', 'phone_number'];
const refused = (json: unknown, sentJson: unknown = { line_items: [{ item: { id: 'sku-1' }, quantity: 1 }] }) =>
  ({ status: 400, json, sentJson }) as unknown as Exchange;

describe('reading a refusal', () => {
  it('reads the text from content, and from RFC 9457 detail or title, error and message', () => {
    expect(textOf({ code: 'invalid_request', content: 'currency is required' })).toBe('currency is required');
    expect(textOf({ type: 'about:blank', title: 'Bad Request', detail: 'currency is required' })).toBe(
      'currency is required',
    );
    expect(textOf({ title: 'Bad Request' })).toBe('Bad Request');
    expect(textOf({ error: { message: 'currency is required' } })).toBe('currency is required');
    expect(textOf({ message: 'currency is required' })).toBe('currency is required');
    expect(textOf({ code: 'invalid_request' })).toBeUndefined();
  });

  it('says when no reason is given, never "(undefined)"', () => {
    expect(said(readRefusal(refused({ code: 'invalid_request' }), MEMBERS))).toBe('no reason given');
    expect(said(readRefusal(refused(undefined), MEMBERS))).toBe('no reason given');
  });

  it('tells members the request did not carry from what it asked for', () => {
    expect(readRefusal(refused({ detail: 'currency is required' }), MEMBERS).absent).toEqual(['currency']);
    expect(readRefusal(refused({ content: 'buyer.phone_number is required' }), MEMBERS).absent).toEqual([
      'buyer.phone_number',
    ]);
    expect(readRefusal(refused({ content: "The buyer's email is required." }), MEMBERS).absent).toEqual([
      'buyer',
      'email',
    ]);
    // The items were sent: a refusal of them names nothing the config could add.
    expect(readRefusal(refused({ content: 'None of the requested items can be sold.' }), MEMBERS).absent).toEqual([]);
    expect(readRefusal(refused({ content: 'line_items[0] cannot be sold' }), MEMBERS).absent).toEqual([]);
  });

  it('reads the messages of an error response, paths included', () => {
    const x = refused({
      proto: { status: 'error' },
      messages: [{ type: 'error', code: 'out_of_stock', content: 'sku-1 is gone', path: '$.line_items[0]' }],
    });
    expect(readRefusal(x, MEMBERS)).toEqual({ text: 'sku-1 is gone', absent: [] });
  });
});
