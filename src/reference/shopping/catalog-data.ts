/**
 * The reference business's seeded catalog: enough products for real pagination, options with
 * several variants, categories and prices to filter on, and items that are out of stock or
 * unavailable.
 */
export interface SeedVariant {
  id: string;
  sku: string;
  title: string;
  price: number;
  available: boolean;
  options: { name: string; label: string }[];
}

export interface SeedProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  categories: string[];
  options: { name: string; values: string[] }[];
  variants: SeedVariant[];
  /** Cannot be sold at all (checkout reports item_unavailable). */
  unavailable?: boolean;
}

export const CURRENCY = 'USD';

const BASE: { title: string; category: string; price: number; sizes?: string[]; colors?: string[] }[] = [
  { title: 'Trail Runner Shoe', category: 'footwear', price: 8900, sizes: ['8', '9', '10'], colors: ['Black', 'Blue'] },
  { title: 'City Sneaker', category: 'footwear', price: 6500, sizes: ['8', '9', '10'] },
  { title: 'Wool Hiking Sock', category: 'apparel', price: 1400, sizes: ['M', 'L'] },
  { title: 'Merino Base Layer', category: 'apparel', price: 7200, sizes: ['S', 'M', 'L'], colors: ['Grey', 'Navy'] },
  { title: 'Rain Shell Jacket', category: 'apparel', price: 15900, sizes: ['S', 'M', 'L'] },
  { title: 'Canvas Tote', category: 'accessories', price: 2500, colors: ['Natural', 'Black'] },
  { title: 'Leather Belt', category: 'accessories', price: 3900, sizes: ['32', '34', '36'] },
  { title: 'Sun Hat', category: 'accessories', price: 2900 },
  { title: 'Insulated Bottle', category: 'outdoor', price: 3400, colors: ['Green', 'Silver'] },
  { title: 'Camp Mug', category: 'outdoor', price: 1800 },
  { title: 'Two-Person Tent', category: 'outdoor', price: 24900 },
  { title: 'Sleeping Bag', category: 'outdoor', price: 18900, sizes: ['Regular', 'Long'] },
  { title: 'Headlamp', category: 'outdoor', price: 3900 },
  { title: 'Trekking Poles', category: 'outdoor', price: 8900 },
  { title: 'Cast Iron Skillet', category: 'kitchen', price: 4500, sizes: ['10in', '12in'] },
  { title: 'Chef Knife', category: 'kitchen', price: 9900 },
  { title: 'Cutting Board', category: 'kitchen', price: 3200 },
  { title: 'Pour-Over Coffee Set', category: 'kitchen', price: 5400 },
  { title: 'Linen Napkins', category: 'home', price: 2800, colors: ['White', 'Sage'] },
  { title: 'Ceramic Vase', category: 'home', price: 4100 },
  { title: 'Throw Blanket', category: 'home', price: 6900, colors: ['Oat', 'Rust'] },
  { title: 'Scented Candle', category: 'home', price: 2200 },
  { title: 'Desk Lamp', category: 'home', price: 7800 },
  { title: 'Notebook Set', category: 'stationery', price: 1600 },
  { title: 'Fountain Pen', category: 'stationery', price: 4800, colors: ['Black', 'Red'] },
  { title: 'Wall Calendar', category: 'stationery', price: 1900 },
  { title: 'Travel Backpack', category: 'accessories', price: 12900, colors: ['Black', 'Olive'] },
  { title: 'Yoga Mat', category: 'fitness', price: 5900 },
  { title: 'Resistance Bands', category: 'fitness', price: 2400 },
  { title: 'Limited Edition Print', category: 'home', price: 15000 },
];

function seed(): SeedProduct[] {
  return BASE.map((b, i) => {
    const n = String(i + 1).padStart(3, '0');
    const options = [
      ...(b.sizes ? [{ name: 'Size', values: b.sizes }] : []),
      ...(b.colors ? [{ name: 'Color', values: b.colors }] : []),
    ];
    const combos = options.reduce<{ name: string; label: string }[][]>(
      (acc, o) => acc.flatMap((c) => o.values.map((label) => [...c, { name: o.name, label }])),
      [[]],
    );
    const variants = combos.map((combo, j) => ({
      id: `var-${n}-${j + 1}`,
      sku: `SKU-${n}-${j + 1}`,
      title: combo.length ? combo.map((c) => c.label).join(' / ') : 'Default',
      // Larger sizes cost a little more, so price ranges are real ranges.
      price: b.price + j * 100,
      available: true,
      options: combo,
    }));
    return {
      id: `prod-${n}`,
      handle: b.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      title: b.title,
      description: `${b.title} from the reference business.`,
      categories: [b.category],
      options,
      variants,
    };
  });
}

export const PRODUCTS: readonly SeedProduct[] = (() => {
  const products = seed();
  // The trail runner has no 10 / Blue (a missing combination) and 9 / Blue is out of stock.
  const runner = products[0];
  runner.variants = runner.variants.filter((v) => !(v.options[0].label === '10' && v.options[1].label === 'Blue'));
  runner.variants.find((v) => v.options[0].label === '9' && v.options[1].label === 'Blue')!.available = false;
  // Out of stock: every variant of the sun hat.
  for (const v of products[7].variants) v.available = false;
  // Unavailable: the limited print cannot be sold.
  products[29].unavailable = true;
  return products;
})();

export const OUT_OF_STOCK_PRODUCT_ID = PRODUCTS[7].id;
export const UNAVAILABLE_PRODUCT_ID = PRODUCTS[29].id;
/** Most identifiers one lookup may carry. */
export const LOOKUP_BATCH_MAX = 25;
/** Products a search page holds when no limit is asked for. */
export const SEARCH_DEFAULT_LIMIT = 10;

/** One option value a variant has, or a request selects. */
export type Selection = { name: string; label: string };

/** What an id resolves to: a product, and the variant the id names (a product id names its first). */
export interface CatalogItem {
  product: SeedProduct;
  variant: SeedVariant;
  byVariant: boolean;
}

/** Resolves a product id (to its first variant) or a variant id. */
export function findItem(id: string): CatalogItem | undefined {
  for (const product of PRODUCTS) {
    if (product.id === id) return { product, variant: product.variants[0], byVariant: false };
    const variant = product.variants.find((v) => v.id === id);
    if (variant) return { product, variant, byVariant: true };
  }
  return undefined;
}
