import { describe, expect, it } from 'vitest';
import { resourceIds } from '../../src/protocol/resource-ids.js';

describe('the ids of addressable resources an exchange shows', () => {
  it('takes the ids sent, the resource id, and those of products, variants and locations listed', () => {
    expect(
      resourceIds(
        { ids: ['a', 7, ''], query: 'x' },
        {
          id: 'chk_1',
          products: [{ id: 'p1', variants: [{ id: 'v1' }, { sku: 'no id' }, 'x'] }, null],
          product: { id: 'p2', variants: [{ id: 'v2' }] },
          locations: [{ id: 'l1' }],
          line_items: [{ id: 'li_1' }],
          fulfillment: { methods: [{ id: 'fm-1' }] },
        },
      ),
    ).toEqual(['a', 'chk_1', 'p1', 'v1', 'p2', 'v2', 'l1']);
  });

  it('takes nothing from what is not an object', () => {
    expect(resourceIds(undefined, 'text')).toEqual([]);
    expect(resourceIds({ ids: 'a' }, [{ id: 'x' }])).toEqual([]);
    expect(resourceIds(null, { products: {}, locations: 'x', id: 3 })).toEqual([]);
  });
});
