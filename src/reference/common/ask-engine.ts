import { CURRENCY, PRODUCTS, type SeedProduct } from '../shopping/catalog-data.js';
import { LOCATIONS, type SeedLocation } from './locations-data.js';

/**
 * The reference business's answer engine for ask (Document 2 §POST /ask): a few rules over its own
 * catalog, locations and policies. It never answers with an empty text: a question it cannot
 * address gets an answer saying so.
 */

/** What a question can be about: a product or a location of the business. */
export type Subject = { kind: 'product'; product: SeedProduct } | { kind: 'location'; location: SeedLocation };

/** One question and answer of a conversation. */
export interface Turn {
  query: string;
  answer: string;
  /** What the answer was about: what "it" and "that" mean in the next question. */
  subjects: Subject[];
  topics: string[];
}

/** A link the answer points at; its url is relative to the business's base URL. */
export interface AnswerLink {
  type: string;
  path: string;
  title: string;
  /** The global identifier of the resource the link refers to, when it is one. */
  id?: string;
}

export interface EngineAnswer {
  plain: string;
  markdown: string;
  /** False for a question none of the rules could address. */
  addressed: boolean;
  subjects: Subject[];
  topics: string[];
  /** A regulated disclosure the answer defers to (allergens). */
  disclosure?: { code: string; content: string };
  links: AnswerLink[];
}

const ALLERGEN_DISCLOSURE =
  '**Allergen information.** Our products are not tested for allergens. Some contain natural latex (yoga mat, resistance bands) or wool (socks, base layers), and wooden items may be finished with nut oils. The label of each product is the authoritative source.';

const OFFER =
  'I can help with our products and their prices, our locations and their opening hours, shipping and returns.';

interface Rule {
  topic: string;
  matches: RegExp;
  text: string;
  links?: AnswerLink[];
  disclosure?: EngineAnswer['disclosure'];
}

/** Topics of store policy, each a pattern and what the business says about it. */
const RULES: Rule[] = [
  {
    topic: 'allergens',
    matches: /\b(allerg\w*|nuts?|peanuts?|gluten|latex|dairy|lactose)\b/i,
    text: 'None of our products is a food. For allergens in materials and finishes, see the allergen disclosure that comes with this answer: it is the authoritative source.',
    disclosure: { code: 'allergen_information', content: ALLERGEN_DISCLOSURE },
  },
  {
    topic: 'returns',
    matches: /\b(return\w*|refund\w*|exchange\w*)\b/i,
    text: 'Unused items can be returned within 30 days of delivery for a full refund to the original payment method; sale items can be exchanged but not refunded.',
    links: [{ type: 'refund_policy', path: '/policies/returns', title: 'Returns and refunds' }],
  },
  {
    topic: 'shipping',
    matches: /\b(ship\w*|deliver\w*)\b/i,
    text: 'Standard shipping takes 3 to 5 business days and is free on orders over $50.00; express shipping takes 1 to 2 business days for $15.00.',
    links: [{ type: 'shipping_policy', path: '/policies/shipping', title: 'Shipping' }],
  },
  {
    topic: 'locations',
    matches: /\b(open\w*|hours?|clos\w*|stores?|shops?|locations?)\b/i,
    text: `We have ${LOCATIONS.length} locations: ${LOCATIONS.map((l) => `${l.name} (${l.address.address_locality})`).join(', ')}. Ask about one by name for its opening hours.`,
  },
  {
    topic: 'catalog',
    matches: /\b(sell|products|catalog\w*|categor\w*|carry)\b/i,
    text: `We sell ${[...new Set(PRODUCTS.flatMap((p) => p.categories))].join(', ')}: ${PRODUCTS.length} products in all.`,
  },
];

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);
/** Words every location's name shares, which name none of them. */
const BRAND = new Set(['proto', 'coffee', 'rooms']);

/**
 * The product a question names by its title words (the most words matched), if any; `taken` words name something else.
 */
function namedProduct(query: string, taken: ReadonlySet<string>): SeedProduct | undefined {
  const asked = new Set(words(query).filter((w) => !taken.has(w)));
  let best: { p: SeedProduct; score: number } | undefined;
  for (const p of PRODUCTS) {
    const score = words(p.title).filter((w) => asked.has(w) || asked.has(`${w}s`)).length;
    if (score > 0 && (!best || score > best.score)) best = { p, score };
  }
  return best?.p;
}

/** The locations a question names: every word of the name but the brand. */
function namedLocations(query: string): SeedLocation[] {
  const asked = new Set(words(query));
  return LOCATIONS.filter((l) => {
    const own = words(l.name).filter((w) => !BRAND.has(w));
    return own.length > 0 && own.every((w) => asked.has(w));
  });
}

/** A grounding id: a product or variant id, a location id, or a secondary one (SKU, handle, alias). */
export function groundingSubject(id: string): Subject | undefined {
  const product = PRODUCTS.find(
    (p) => p.id === id || p.handle === id || p.variants.some((v) => v.id === id || v.sku === id),
  );
  if (product) return { kind: 'product', product };
  const location = LOCATIONS.find((l) => l.id === id || l.aliases.includes(id));
  return location ? { kind: 'location', location } : undefined;
}

const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** What the business says about one product: price, options and whether it can be bought. */
function aboutProduct(p: SeedProduct): string {
  const prices = p.variants.map((v) => v.price);
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const price = low === high ? `It costs ${money(low)}` : `It costs from ${money(low)} to ${money(high)}`;
  const options = p.options.map((o) => `${o.name} ${o.values.join(', ')}`).join('; ');
  const stock = p.unavailable
    ? 'It cannot be ordered at the moment.'
    : p.variants.every((v) => !v.available)
      ? 'It is out of stock.'
      : p.variants.some((v) => !v.available)
        ? 'Some variants are out of stock.'
        : 'It is in stock.';
  return `${p.description} ${price} (${CURRENCY}).${options ? ` Options: ${options}.` : ''} ${stock}`;
}

/** What the business says about one location: where it is and when it opens, in its own time zone. */
function aboutLocation(l: SeedLocation): string {
  const where = [l.address.street_address, l.address.address_locality].filter(Boolean).join(', ');
  if (!l.hours?.length) return `It is at ${where}. Its opening hours are not published.`;
  const days = new Map<string, string[]>();
  for (const h of l.hours) days.set(h.day, [...(days.get(h.day) ?? []), `${h.open}-${h.close}`]);
  const schedule = [...days]
    .map(([day, spans]) => `${day[0].toUpperCase()}${day.slice(1)} ${spans.join(' and ')}`)
    .join('; ');
  return `It is at ${where}. Opening hours (${l.timezone}): ${schedule}.`;
}

function describe(s: Subject): { title: string; text: string; link: AnswerLink } {
  return s.kind === 'product'
    ? {
        title: s.product.title,
        text: aboutProduct(s.product),
        link: { type: 'product', path: `/products/${s.product.handle}`, title: s.product.title, id: s.product.id },
      }
    : {
        title: s.location.name,
        text: aboutLocation(s.location),
        link: { type: 'location', path: `/locations/${s.location.id}`, title: s.location.name, id: s.location.id },
      };
}

/**
 * Answers one question: from what it is grounded on or names (products, locations), from the
 * policy topics it mentions, and, for a follow-up ("it", "that"), from what the conversation's
 * last turn was about.
 */
export function answerQuestion(query: string, grounded: readonly Subject[], history: readonly Turn[]): EngineAnswer {
  const q = query.trim();
  if (q === '') return unaddressed(`Please ask a question. ${OFFER}`);
  const locations = namedLocations(q);
  // "Proto Coffee SoHo" names a location, not the coffee set.
  const product = namedProduct(q, new Set(locations.flatMap((l) => words(l.name))));
  let subjects: Subject[] = grounded.length
    ? [...grounded]
    : [
        ...(product ? [{ kind: 'product', product } as const] : []),
        ...locations.map((location) => ({ kind: 'location', location }) as const),
      ];
  let rules = RULES.filter((r) => r.matches.test(q));
  const previous = history[history.length - 1];
  const followUp = previous !== undefined && subjects.length === 0 && /\b(it|its|this|that|they|them|more)\b/i.test(q);
  if (followUp) {
    subjects = previous.subjects;
    if (rules.length === 0) rules = RULES.filter((r) => previous.topics.includes(r.topic));
  }
  // A location asked about answers its own hours; the list of every location is for a general question.
  if (subjects.some((s) => s.kind === 'location')) rules = rules.filter((r) => r.topic !== 'locations');
  if (subjects.length === 0 && rules.length === 0) return unaddressed(`I am sorry, I cannot answer that. ${OFFER}`);
  const described = subjects.map(describe);
  // Asked again in the same conversation, the business says it is repeating itself.
  const lead = history.some((t) => t.query.trim().toLowerCase() === q.toLowerCase())
    ? 'As I said before: '
    : followUp
      ? 'Following up on your last question: '
      : '';
  return {
    plain: lead + [...described.map((d) => `${d.title}: ${d.text}`), ...rules.map((r) => r.text)].join(' '),
    markdown: lead + [...described.map((d) => `**${d.title}**: ${d.text}`), ...rules.map((r) => r.text)].join('\n\n'),
    addressed: true,
    subjects,
    topics: rules.map((r) => r.topic),
    disclosure: rules.find((r) => r.disclosure)?.disclosure,
    links: [...described.map((d) => d.link), ...rules.flatMap((r) => r.links ?? [])],
  };
}

function unaddressed(text: string): EngineAnswer {
  return { plain: text, markdown: text, addressed: false, subjects: [], topics: [], links: [] };
}
