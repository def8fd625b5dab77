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

  it('trims the text, reads past an error object that gives none, and reads nothing from null', () => {
    expect(textOf({ content: '  currency is required \n' })).toBe('currency is required');
    expect(textOf({ error: { code: 'bad' }, message: 'currency is required' })).toBe('currency is required');
    expect(textOf({ content: '   ', detail: 'currency is required' })).toBe('currency is required');
    expect(textOf(null)).toBeUndefined();
    expect(textOf('currency is required')).toBeUndefined();
    expect(said({ text: 'currency is required' })).toBe('"currency is required"');
  });

  it('reads error messages and messages without a type, never warnings or infos', () => {
    const x = refused({
      messages: [
        { type: 'warning', content: 'currency looks odd' },
        { type: 'info', content: 'phone_number is optional' },
        { type: 'error', code: 'missing', content: 'buyer is required' },
        { code: 'missing', content: 'email is required' },
        { type: 'error', code: 'missing' },
      ],
    });
    expect(readRefusal(x, MEMBERS)).toEqual({
      text: 'buyer is required; email is required',
      absent: ['buyer', 'email'],
    });
  });

  it('reads a message path naming a member the request did not carry, with no text at all', () => {
    const x = refused({ messages: [{ type: 'error', code: 'missing', path: '$.currency' }] });
    expect(readRefusal(x, MEMBERS)).toEqual({ absent: ['currency'] });
    // A path it cannot resolve against the request is one it did not carry.
    const garbled = refused({ messages: [{ type: 'error', code: 'missing', path: '$.line_items[x]' }] });
    expect(readRefusal(garbled, MEMBERS).absent).toEqual(['line_items[x]']);
  });

  it('reads a member written with a leading $ or dot, and an index past the items sent', () => {
    expect(readRefusal(refused({ content: 'missing .currency' }), MEMBERS).absent).toEqual(['currency']);
    expect(readRefusal(refused({ content: 'missing $currency' }), MEMBERS).absent).toEqual(['currency']);
    expect(readRefusal(refused({ content: 'missing $.currency' }), MEMBERS).absent).toEqual(['currency']);
    expect(readRefusal(refused({ content: 'line_items[12] is required' }), MEMBERS).absent).toEqual(['line_items[12]']);
  });

  it('finds a lone word as a member nested anywhere in the request, arrays included', () => {
    const sent = { buyer: { email: 'a@example.com' }, contacts: [{ name: 'A' }, { phone_number: '+15550100' }] };
    expect(readRefusal(refused({ content: 'email is invalid' }, sent), MEMBERS).absent).toEqual([]);
    expect(readRefusal(refused({ content: 'phone_number is invalid' }, sent), MEMBERS).absent).toEqual([]);
    // A member present with no value was not carried.
    const hollow = { buyer: { email: undefined } };
    expect(readRefusal(refused({ content: 'email is required' }, hollow), MEMBERS).absent).toEqual(['email']);
  });
});
