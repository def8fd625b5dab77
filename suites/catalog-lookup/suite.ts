import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { brief, findMessage } from '../../src/protocol/messages.js';
import {
  catalogIds,
  configurable,
  hasSelections,
  knownProducts,
  missingCombination,
  NEEDS_PRODUCT_IDS,
  NEEDS_VARIANT_IDS,
  optionValues,
  productsOf,
  selectionsFor,
  unknownId,
  variantIdsOf,
  variantSelections,
  variantsOf,
  type Selection,
  CATALOG_READS,
} from '../shared/catalog-fixtures.js';
import { endpointsRule } from '../shared/endpoints.js';
import { unknownIdScenario } from '../shared/unknown-id.js';

/** Values of a product's first option tried when looking for a combination to relax. */
const MAX_SELECTION_TRIES = 4;
/** Largest lookup batch probed unless fixtures.lookup_batch_ceiling says otherwise. */
const DEFAULT_BATCH_CEILING = 100;

type Json = Record<string, unknown>;

export const catalogLookupSuite: Suite = {
  id: 'catalog-lookup',
  title: 'Catalog lookup and product detail',
  capability: 'shopping.catalog.lookup',
  needs: ['shopping.catalog.search'],
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'catalog-lookup.by-product-id',
      title: 'Lookup by product ids',
      effect: 'read',
      checks: [
        { id: 'catalog-lookup.response', title: 'lookup answers 200 with valid products', requirements: ['LKUP-001'] },
        { id: 'catalog-lookup.product-ids', title: 'product ids are accepted', requirements: ['LKUP-002'] },
        {
          id: 'catalog-lookup.inputs',
          title: 'variants carry inputs naming the request ids',
          requirements: ['LKUP-006'],
        },
      ],
      async run(t) {
        const ids = t.need((await catalogIds(t)).productIds, NEEDS_PRODUCT_IDS, CATALOG_READS).slice(0, 2);
        const answers = await lookupAll(t, ids);
        const problems = answers.flatMap(({ x }) =>
          x.status === 200 ? t.validate('catalog-lookup-response.schema.json', x.json) : [`HTTP ${x.status}`],
        );
        t.require('catalog-lookup.response', problems.length === 0, {
          message: problems[0] ?? '',
          expected: 'HTTP 200 and a body matching catalog-lookup-response.schema.json',
          actual: problems.join('; '),
          exchanges: answers.map((a) => a.x),
        });
        const products = answers.flatMap(({ x }) => productsOf(x.json));
        const missing = ids.filter((id) => !products.some((p) => p.id === id));
        t.check('catalog-lookup.product-ids', missing.length === 0, {
          message: `not resolved: ${missing.join(', ')}`,
          expected: `products with ids ${ids.join(', ')}`,
          actual: `product ids ${brief(products.map((p) => p.id))}`,
          exchanges: answers.map((a) => a.x),
        });
        if (!ids.some((id) => products.some((p) => p.id === id))) t.stopBlocked('catalog-lookup.product-ids');
        // A product id resolves to its own product: a variant of that product records it (one id may match
        // several products, so naming it elsewhere too is not judged).
        const unnamed = ids.filter(
          (id) => products.some((p) => p.id === id) && !products.some((p) => p.id === id && inputIdsOf(p).includes(id)),
        );
        const elsewhere = (id: string) =>
          products.filter((p) => p.id !== id && inputIdsOf(p).includes(id)).map((p) => String(p.id));
        // Each answer names only ids of its own request.
        const stray = answers.flatMap(({ x, asked }) =>
          productsOf(x.json)
            .flatMap(inputIdsOf)
            .filter((id) => !asked.includes(id)),
        );
        t.check('catalog-lookup.inputs', unnamed.length === 0 && stray.length === 0, {
          message: unnamed.length
            ? unnamed
                .map((id) => {
                  const on = elsewhere(id);
                  return `no variant of product ${id} has inputs naming it${on.length ? ` (the inputs of ${on.join(', ')} do)` : ''}`;
                })
                .join('; ')
            : `inputs name ids not requested: ${stray.join(', ')}`,
          expected:
            'each requested product id named in the inputs of a variant of that product, and no id that was not requested',
          actual: products.map((p) => `${String(p.id)}: inputs ids ${brief(inputIdsOf(p))}`).join('; '),
          exchanges: answers.map((a) => a.x),
        });
      },
    }),
    scenario({
      id: 'catalog-lookup.by-variant-id',
      title: 'Lookup by a variant id',
      effect: 'read',
      checks: [
        { id: 'catalog-lookup.variant-ids', title: 'variant ids are accepted', requirements: ['LKUP-003'] },
        {
          id: 'catalog-lookup.variant-inputs',
          title: 'the variant looked up carries inputs naming its id',
          requirements: ['LKUP-006'],
        },
        { id: 'catalog-lookup.sku', title: 'a SKU is accepted (optional)', requirements: ['LKUP-008'] },
      ],
      async run(t) {
        const [variantId] = t.need((await catalogIds(t)).variantIds, NEEDS_VARIANT_IDS, CATALOG_READS);
        const x = await lookup(t, [variantId]);
        const holder = productsOf(x.json).find((p) => variantIdsOf(p).includes(variantId));
        t.check('catalog-lookup.variant-ids', x.status === 200 && !!holder, {
          message: `variant ${variantId} did not resolve`,
          expected: `HTTP 200 and a product holding variant ${variantId}`,
          actual: `HTTP ${x.status}, ${brief(x.json)}`,
        });
        if (!holder) t.stopBlocked('catalog-lookup.variant-ids');
        const variant = variantsOf(holder!).find((v) => v.id === variantId)!;
        const named = inputIdsOf({ variants: [variant] });
        t.check('catalog-lookup.variant-inputs', named.includes(variantId), {
          message: `variant ${variantId} carries no inputs entry naming it`,
          expected: `inputs containing {id: ${variantId}}`,
          actual: `inputs ${brief(variant.inputs)}`,
        });
        const sku = variant.sku;
        if (typeof sku !== 'string' || sku === variantId)
          return t.notTested('catalog-lookup.sku', 'the variant has no SKU of its own');
        // A SKU is optional (MAY): a 404 for one the business does not take is not a missing route.
        const bySku = await lookup(t, [sku], true);
        t.check(
          'catalog-lookup.sku',
          productsOf(bySku.json).some((p) => variantIdsOf(p).includes(variantId)),
          {
            message: `SKU ${sku} is not accepted as an identifier`,
            expected: `the product holding variant ${variantId}`,
            actual: `HTTP ${bySku.status}, ${brief(bySku.json)}`,
            exchanges: [bySku],
          },
        );
      },
    }),
    scenario({
      id: 'catalog-lookup.unknown-ids',
      title: 'Lookup with identifiers that do not resolve',
      effect: 'read',
      checks: [
        {
          id: 'catalog-lookup.not-found-info',
          title: 'an unknown id gives an info not_found message naming it',
          requirements: ['LKUP-004'],
        },
        {
          id: 'catalog-lookup.none-resolve-empty',
          title: 'no id resolving gives an empty products array',
          requirements: ['LKUP-005'],
        },
      ],
      async run(t) {
        const [known] = t.need((await catalogIds(t)).productIds, NEEDS_PRODUCT_IDS, CATALOG_READS);
        // Two that do not resolve: each gets its message ("Unresolved identifiers yield an info message").
        const unknown = [unknownId(), unknownId()];
        const mixed = await lookupAll(t, [known, ...unknown], true);
        const unnamed = mixed.flatMap(({ x, asked }) =>
          unknown.filter(
            (id) =>
              asked.includes(id) &&
              !(x.status === 200 && findMessage(x.json, { code: 'not_found', type: 'info', content: id })),
          ),
        );
        t.check('catalog-lookup.not-found-info', unnamed.length === 0, {
          message: `no info not_found message for ${unnamed.join(', ')}`,
          expected: `HTTP 200 and a message {type: info, code: not_found, content: …} for each of ${unknown.join(', ')}`,
          actual: mixed
            .map(({ x }) => `HTTP ${x.status}, messages ${brief(isObject(x.json) ? x.json.messages : undefined)}`)
            .join('; '),
          exchanges: mixed.map((a) => a.x),
        });
        const none = await lookup(t, [unknown[0]], true);
        const products = isObject(none.json) ? none.json.products : undefined;
        t.check(
          'catalog-lookup.none-resolve-empty',
          none.status === 200 && Array.isArray(products) && products.length === 0,
          {
            message: 'no id resolved, yet products is not an empty array',
            expected: 'HTTP 200 and products: []',
            actual: `HTTP ${none.status}, products ${brief(products)}`,
            exchanges: [none],
          },
        );
      },
    }),
    scenario({
      id: 'catalog-lookup.batch-limit',
      title: 'Lookup batches of growing size until the business refuses one',
      effect: 'read',
      checks: [
        {
          id: 'catalog-lookup.batch-limit',
          title: 'an oversized batch gets 400 request_too_large',
          requirements: ['LKUP-007'],
        },
      ],
      run: probeBatchLimit,
    }),
    scenario({
      id: 'catalog-product.by-ids',
      title: 'Product detail by product id and by variant id',
      effect: 'read',
      checks: [
        { id: 'catalog-product.product-id', title: 'a product id resolves to one product', requirements: ['PROD-002'] },
        {
          id: 'catalog-product.variant-id',
          title: 'a variant id resolves to the product holding it',
          requirements: ['PROD-003'],
        },
        {
          id: 'catalog-product.selected',
          title: 'a configurable product carries selected, anchoring its featured variant',
          requirements: ['PROD-004'],
        },
      ],
      run: productByIds,
    }),
    scenario({
      id: 'catalog-product.selections',
      title: 'Selections: option value signals and relaxation by preferences',
      effect: 'read',
      checks: [
        {
          id: 'catalog-product.signals-present',
          title: 'option values carry available and exists',
          requirements: ['PROD-005'],
        },
        {
          id: 'catalog-product.signals-relative',
          title: 'exists and available agree with the variants the business shows',
          requirements: ['PROD-006'],
        },
        {
          id: 'catalog-product.variants-match',
          title: 'returned variants match the selections',
          requirements: ['PROD-008'],
        },
        {
          id: 'catalog-product.relaxation',
          title: 'relaxation drops options from the end of preferences',
          requirements: ['PROD-007'],
        },
      ],
      run: selections,
    }),
    scenario({
      id: 'catalog-product.filters',
      title: 'Filters narrow the variants product detail returns',
      effect: 'read',
      checks: [
        {
          id: 'catalog-product.filters-narrow',
          title: 'every variant a product detail with filters returns satisfies them',
          requirements: ['PROD-010'],
        },
      ],
      run: filtersNarrow,
    }),
    unknownIdScenario({
      operation: 'catalog.product',
      checkId: 'catalog-product.not-found',
      requirement: 'PROD-001',
      subject: 'product',
      code: 'not_found',
    }),
  ],
  rules: [endpointsRule('shopping.catalog.lookup')],
};

/** Statuses a business may answer any request with for a while (Document 1 §Errors): not a verdict on batches. */
const TRANSIENT = [429, 503];

/** Probes growing batches until the business refuses one; anything but a 400 request_too_large fails. */
async function probeBatchLimit(t: ScenarioContext<'catalog-lookup.batch-limit'>): Promise<void> {
  const ceiling = t.config.fixtures?.lookup_batch_ceiling ?? DEFAULT_BATCH_CEILING;
  let accepted = 0;
  for (let size = 1; ; size = Math.min(size * 2, ceiling)) {
    const ids = Array.from({ length: size }, (_, i) => `proto-conformance-batch-${i}`);
    const x = await t.call('catalog.lookup', { input: { ids }, notFoundProbe: true, tolerateTransportError: true });
    // The probe uses ids that resolve to nothing; a single one must already be answered with 200.
    if (size === 1 && x.status !== 200) t.stopBlocked('catalog-lookup.not-found-info');
    if (x.status === 200) {
      accepted = size;
      if (size === ceiling) break;
      continue;
    }
    if (x.status !== undefined && TRANSIENT.includes(x.status)) {
      return t.notTested(
        'catalog-lookup.batch-limit',
        `a batch of ${size} ids got HTTP ${x.status} (rate limited or unavailable); try again later`,
        [x],
      );
    }
    const code = isObject(x.json) ? x.json.code : undefined;
    const what = x.transportError
      ? x.transportError.message
      : `HTTP ${x.status} ${code === undefined ? 'without a code' : `with code ${brief(code)}`}`;
    t.check('catalog-lookup.batch-limit', x.status === 400 && code === 'request_too_large', {
      message: `a batch of ${size} ids (${accepted} were accepted) got ${what}`,
      expected: 'HTTP 400 with code request_too_large',
      actual: what,
      exchanges: [x],
    });
    return;
  }
  t.observe('catalog-lookup.batch-limit', {
    message: `every batch up to ${accepted} ids was accepted; no limit below the ceiling (fixtures.lookup_batch_ceiling)`,
  });
}

/** A variant's price amount, when it states one. */
const amountOf = (v: Json) => (isObject(v.price) && typeof v.price.amount === 'number' ? v.price.amount : undefined);

/**
 * Product detail with filters (Document 1 §POST /catalog/product: filters "Narrows returned variants"): a price
 * ceiling at the cheapest price the unfiltered answer shows leaves out the dearer variants it shows. Both ask with an
 * empty selection, so that no selection narrows them first.
 */
async function filtersNarrow(t: ScenarioContext<'catalog-product.filters-narrow'>): Promise<void> {
  const products = await knownProducts(t);
  const priced = (p: Json) => new Set(variantsOf(p).flatMap((v) => amountOf(v) ?? [])).size > 1;
  const product = t.need(
    products.find(priced),
    'a product whose variants differ in price, among fixtures.product_ids or the first search page',
    CATALOG_READS,
  );
  const id = String(product.id);
  const plain = await productDetail(t, { id, selected: [] });
  // Where product detail broke (catalog-product.product-id failed), that failure is the reason.
  if (!plain.product || !priced(plain.product))
    t.stopNotTested(
      `product detail of ${id} shows no variants that differ in price (HTTP ${plain.x.status}): no price filter can narrow them`,
      undefined,
      ['catalog-product.product-id'],
    );
  const max = Math.min(...variantsOf(plain.product).flatMap((v) => amountOf(v) ?? []));
  const filters = { price: { max } };
  const { x, product: detail } = await productDetail(t, { id, selected: [], filters });
  if (!detail)
    return t.observe('catalog-product.filters-narrow', {
      message: `product detail of ${id} with filters ${brief(filters)} answered HTTP ${x.status} and no product; what a business answers to filters it cannot apply is not shown`,
      exchanges: [plain.x, x],
    });
  const shown = (v: Json) => `${String(v.id)} at ${amountOf(v)}`;
  const over = variantsOf(detail).filter((v) => (amountOf(v) ?? max) > max);
  t.check('catalog-product.filters-narrow', over.length === 0, {
    message: over.length
      ? `${over.length} of the ${variantsOf(detail).length} variants returned are priced above ${max}: ${over.map(shown).join(', ')}`
      : `every variant returned is priced at most ${max}`,
    expected: `only variants priced at most ${max} (filters ${brief(filters)}), of ${variantsOf(plain.product).map(shown).join(', ')}`,
    actual: variantsOf(detail).map(shown).join(', ') || 'no variant',
    exchanges: [plain.x, x],
  });
}

type ByIdsCheck = 'catalog-product.product-id' | 'catalog-product.variant-id' | 'catalog-product.selected';

async function productByIds(t: ScenarioContext<ByIdsCheck>): Promise<void> {
  const products = await knownProducts(t);
  const product = t.need(
    products.find(configurable),
    'a product with an option of two values or more, among fixtures.product_ids or the first search page',
  );
  const byProduct = await productDetail(t, { id: String(product.id) });
  const problems = byProduct.product
    ? t.validate('catalog-product-response.schema.json', byProduct.x.json)
    : [`HTTP ${byProduct.x.status}, no product`];
  t.check('catalog-product.product-id', problems.length === 0 && byProduct.product?.id === product.id, {
    message: problems[0] ?? `asked for ${String(product.id)}, got ${brief(byProduct.product?.id)}`,
    expected: `HTTP 200 and product ${String(product.id)} matching catalog-product-response.schema.json`,
    actual: `HTTP ${byProduct.x.status}, ${problems.join('; ') || brief(byProduct.product?.id)}`,
    exchanges: [byProduct.x],
  });
  if (!byProduct.product)
    t.notTested('catalog-product.selected', 'the product id did not resolve (see catalog-product.product-id)');
  else {
    const wrong = selectedProblems(byProduct.product, variantSelections(products));
    t.check('catalog-product.selected', wrong.length === 0, {
      message: wrong[0] ?? '',
      expected: 'selected: the option selections of the featured (first) variant, one per option name',
      actual: `selected ${brief(byProduct.product.selected)}`,
      exchanges: [byProduct.x],
    });
  }
  const variantId = variantIdsOf(product).find((id) => id !== product.id);
  const variant = t.need(variantId, 'a product whose variants have their own ids');
  const byVariant = await productDetail(t, { id: variant });
  t.check('catalog-product.variant-id', !!byVariant.product && variantIdsOf(byVariant.product).includes(variant), {
    message: `variant ${variant} did not resolve to its product`,
    expected: `HTTP 200 and a product holding variant ${variant}`,
    actual: `HTTP ${byVariant.x.status}, ${brief(byVariant.product?.id ?? byVariant.x.json)}`,
    exchanges: [byVariant.x],
  });
}

/** What is wrong with `selected` of a configurable product: absent, empty, or not anchoring the featured variant. */
function selectedProblems(product: Json, known: Map<string, Selection[]>): string[] {
  const selected = product.selected;
  if (!Array.isArray(selected) || selected.length === 0)
    return [`the product has options but selected is ${brief(selected)}`];
  const featured = variantsOf(product)[0];
  const anchors = featured ? selectionsFor(featured, known) : [];
  const names = [...optionValues(product).keys()];
  return selected.filter(isObject).flatMap((s) => {
    if (names.length && !names.includes(String(s.name)))
      return [`selected names ${brief(s.name)}, not an option of the product`];
    const anchor = anchors.find((a) => a.name === s.name);
    return anchor && anchor.label !== s.label
      ? [`selected ${String(s.name)}=${String(s.label)}, but the featured variant has ${anchor.label}`]
      : [];
  });
}

/**
 * Signals and relaxation, judged on the business's own answers: with option value `a` selected,
 * the variants it returns show which values exist and are available with `a`; a second request
 * selecting `a` and a value `b` it calls non-existent shows, by what it relaxes, whether `a`
 * with `b` exists. Search need not list every variant, so it only suggests the values to try.
 */
type SelectionsCheck =
  | 'catalog-product.signals-present'
  | 'catalog-product.signals-relative'
  | 'catalog-product.variants-match'
  | 'catalog-product.relaxation';

async function selections(t: ScenarioContext<SelectionsCheck>): Promise<void> {
  const products = await knownProducts(t);
  const known = variantSelections(products);
  const twoOptions = products.filter((p) => optionValues(p).size >= 2 && configurable(p));
  // One whose known variants lack a combination exercises relaxation; any with two options does the rest.
  const product = t.need(
    twoOptions.find((p) => missingCombination(p)) ?? twoOptions[0],
    'a product with two options among fixtures.product_ids or the first search page',
  );
  const guess = missingCombination(product);
  const [firstName, firstValues] = [...optionValues(product)][0];
  // Try values of the first option (search's guess first) until the answer shows a value of
  // another option to relax: one the business calls non-existent with it, or shows no variant for.
  const tries: Selection[] = guess ? [guess[0]] : [];
  for (const label of firstValues)
    if (!tries.some((x) => x.name === firstName && x.label === label)) tries.push({ name: firstName, label });
  const answers: { a: Selection; x: Exchange; product?: Json; b?: Selection }[] = [];
  for (const candidate of tries.slice(0, MAX_SELECTION_TRIES)) {
    const answer = await productDetail(t, { id: String(product.id), selected: [candidate] });
    answers.push({ a: candidate, ...answer, b: answer.product && toRelax(answer.product, product, candidate, known) });
    if (!answer.product || answers[answers.length - 1].b) break;
  }
  // The answer that found something to relax (or failed); else the first, search's guess.
  const lastTry = answers[answers.length - 1];
  const { a, b: found, ...first } = !lastTry.product || lastTry.b ? lastTry : answers[0];
  if (!first.product) t.stopBlocked('catalog-product.product-id');
  const answered = first.product!;
  for (const v of variantsOf(answered))
    if (typeof v.id === 'string' && selectionsFor(v).length) known.set(v.id, selectionsFor(v));
  const values = optionSignals(answered);

  const withA = variantsOf(answered);
  const strays = withA.filter((v) => selectionsFor(v, known).length > 0 && !hasSelections(v, [a], known));
  t.check('catalog-product.variants-match', strays.length === 0, {
    message: `${strays.length} returned variants lack ${a.name}=${a.label}`,
    expected: `only variants with ${a.name}=${a.label}`,
    actual: brief(withA.map((v) => selectionsFor(v, known))),
    exchanges: [first.x],
  });

  if (values.length === 0) {
    t.observe('catalog-product.signals-present', {
      message: 'the product detail states no option values (options is optional), so there are no signals',
      exchanges: [first.x],
    });
  } else {
    const unsignalled = values.filter(({ v }) => typeof v.available !== 'boolean' || typeof v.exists !== 'boolean');
    t.check('catalog-product.signals-present', unsignalled.length === 0, {
      message: `${unsignalled.length} option values lack available/exists`,
      expected: 'available and exists booleans on every option value',
      actual: brief(answered.options),
      exchanges: [first.x],
    });
  }

  const b: Selection | undefined = found ?? (a === guess?.[0] ? guess[1] : undefined);
  let relaxed: { x: Exchange; product?: Json } | undefined;
  let comboExists: boolean | undefined;
  if (!b) {
    t.notTested(
      'catalog-product.relaxation',
      `no value of another option was found missing with ${a.name}=${a.label}`,
      [first.x],
    );
  } else {
    relaxed = await productDetail(t, { id: String(product.id), selected: [a, b], preferences: [a.name, b.name] });
    const variants = relaxed.product ? variantsOf(relaxed.product) : [];
    const judged = variants.filter((v) => selectionsFor(v, known).length > 0);
    comboExists = judged.some((v) => hasSelections(v, [a, b], known))
      ? true
      : judged.length > 0 && judged.every((v) => hasSelections(v, [a], known))
        ? false
        : undefined;
    if (comboExists) {
      t.notTested(
        'catalog-product.relaxation',
        `${a.name}=${a.label} with ${b.name}=${b.label} exists, so nothing needed relaxing`,
        [relaxed.x],
      );
    } else if (variants.length > 0 && judged.length === 0) {
      // Variants whose options neither they nor an earlier answer state: what was relaxed cannot be told.
      t.notTested(
        'catalog-product.relaxation',
        `asked for ${a.name}=${a.label} with ${b.name}=${b.label}, the business returned variants whose options neither they nor an earlier answer state`,
        [relaxed.x],
      );
    } else {
      t.check('catalog-product.relaxation', judged.length > 0 && judged.every((v) => hasSelections(v, [a], known)), {
        message: `no variant has ${a.name}=${a.label} with ${b.name}=${b.label}; the business should drop ${b.name}, the last preference`,
        expected: `variants with ${a.name}=${a.label}`,
        actual: `HTTP ${relaxed.x.status}, variants ${brief(variants.map((v) => selectionsFor(v, known)))}`,
        exchanges: [relaxed.x],
      });
    }
  }

  if (values.length === 0) return t.notTested('catalog-product.signals-relative', 'no option values to judge');
  // Absent signals are catalog-product.signals-present's finding; only stated ones are judged here.
  const wrong = values.flatMap(({ option, v }) => {
    const label = String(v.label);
    const seen = withA.filter((x) => hasSelections(x, [a, { name: option, label }], known));
    const problems: string[] = [];
    if (option !== a.name && seen.length > 0 && v.exists === false)
      problems.push(
        `${option}=${label} says exists false, yet the business returned a variant with ${a.name}=${a.label} and it`,
      );
    if (
      b &&
      option === b.name &&
      label === b.label &&
      comboExists !== undefined &&
      typeof v.exists === 'boolean' &&
      v.exists !== comboExists
    ) {
      problems.push(
        `${option}=${label} says exists ${String(v.exists)}, but asked for it with ${a.name}=${a.label} the business ${comboExists ? 'returned such a variant' : 'relaxed it away'}`,
      );
    }
    if (
      option !== a.name &&
      seen.some((x) => isObject(x.availability) && x.availability.available === true) &&
      v.available === false
    ) {
      problems.push(
        `${option}=${label} says available false, yet a returned variant with ${a.name}=${a.label} and it is available`,
      );
    }
    return problems;
  });
  t.check('catalog-product.signals-relative', wrong.length === 0, {
    message: `with ${a.name}=${a.label} selected: ${wrong.join('; ')}`,
    expected: `signals relative to ${a.name}=${a.label}, agreeing with the variants the business itself returns`,
    actual: brief(answered.options),
    exchanges: relaxed ? [first.x, relaxed.x] : [first.x],
  });
}

/**
 * A value of another option worth asking for together with `a`: one the answer calls
 * non-existent, else one no returned variant has with `a` (search need not list every variant,
 * nor detail every match, so only the relaxation that follows tells).
 */
function toRelax(answered: Json, product: Json, a: Selection, known: Map<string, Selection[]>): Selection | undefined {
  const claimed = optionSignals(answered).find(
    ({ option, v }) => option !== a.name && v.exists === false && typeof v.label === 'string',
  );
  if (claimed) return { name: claimed.option, label: String(claimed.v.label) };
  const shown = variantsOf(answered).filter((v) => hasSelections(v, [a], known));
  for (const [name, labels] of optionValues({ ...product, options: answered.options ?? product.options })) {
    if (name === a.name) continue;
    const unseen = labels.find((label) => !shown.some((v) => hasSelections(v, [{ name, label }], known)));
    if (unseen) return { name, label: unseen };
  }
  return undefined;
}

/** Every option value of a product detail, with the option it belongs to. */
function optionSignals(product: Json): { option: string; v: Json }[] {
  const options = Array.isArray(product.options) ? product.options.filter(isObject) : [];
  return options.flatMap((o) =>
    Array.isArray(o.values) ? o.values.filter(isObject).map((v) => ({ option: String(o.name), v })) : [],
  );
}

async function productDetail(
  t: ScenarioContext,
  input: { id: string; selected?: Selection[]; preferences?: string[]; filters?: Json },
): Promise<{ x: Exchange; product?: Json }> {
  const x = await t.call('catalog.product', { input });
  const product = isObject(x.json) && isObject(x.json.product) ? x.json.product : undefined;
  return { x, product: x.status === 200 ? product : undefined };
}

function lookup(t: ScenarioContext, ids: string[], unknown = false): Promise<Exchange> {
  return t.call('catalog.lookup', { input: { ids }, notFoundProbe: unknown });
}

/**
 * Looks the ids up together; a batch the business refuses as too large (its maximum "is not shown",
 * and may be one) is looked up an id at a time instead. Each answer with the ids it was asked for.
 */
async function lookupAll(
  t: ScenarioContext,
  ids: string[],
  unknown = false,
): Promise<{ x: Exchange; asked: string[] }[]> {
  const x = await lookup(t, ids, unknown);
  const tooLarge = x.status === 400 && isObject(x.json) && x.json.code === 'request_too_large';
  if (!tooLarge || ids.length < 2) return [{ x, asked: ids }];
  const one = [];
  for (const id of ids) one.push({ x: await lookup(t, [id], unknown), asked: [id] });
  return one;
}

function inputIdsOf(product: Json): string[] {
  const variants = Array.isArray(product.variants) ? product.variants.filter(isObject) : [];
  return variants
    .flatMap((v) => (Array.isArray(v.inputs) ? v.inputs.filter(isObject).map((i) => i.id) : []))
    .filter((id): id is string => typeof id === 'string');
}
