import type { ImportChange, ImportRow } from '@shop/contract';
import { NO_PICTURE, picturesOf, type CatalogState, type VariantState } from './catalog-state';
import { rupees, type ProductFields, type VariantFields } from './row-fields';

export interface ReadRow {
  line: number;
  product: ProductFields;
  variant: VariantFields;
  reasons: string[];
}

/** What the shop knows beyond the catalogue state: stored pictures, and SKUs and slugs of archived products. */
export interface PlanLookups {
  /** Zip file names → stored picture keys. */
  zipPictures: Record<string, string>;
  imageKeys: Set<string>;
  takenSkus: Set<string>;
  takenSlugs: Set<string>;
}

export interface PlannedProduct {
  fields: ProductFields;
  existingId: number | null;
  changes: ImportChange[];
}

export interface PlannedVariant {
  line: number;
  productSlug: string;
  fields: VariantFields;
  existing: VariantState | null;
  changes: ImportChange[];
  /** The colour's picture keys, when the row names them. */
  pictureKeys: string[] | null;
}

export interface Plan {
  rows: ImportRow[];
  products: Map<string, PlannedProduct>;
  variants: PlannedVariant[];
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const listText = (l: readonly string[]) => l.join(' | ');
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

function productChanges(state: CatalogState, f: ProductFields): ImportChange[] {
  const p = state.products.get(f.slug);
  if (!p) return [];
  const out: ImportChange[] = [];
  const diff = (field: string, from: string, to: string) => from !== to && out.push({ field, from, to });
  diff('product_name', p.name, f.name);
  diff('category_slug', p.categorySlug, f.categorySlug);
  if (!sameSet(p.collectionSlugs, f.collections)) {
    out.push({ field: 'collections', from: listText(p.collectionSlugs), to: listText(f.collections) });
  }
  diff('description', p.description, f.description);
  diff('care_details', listText(p.careDetails), listText(f.careDetails));
  diff('highlights', listText(p.highlights), listText(f.highlights));
  diff('hsn_code', p.hsnCode, f.hsnCode);
  diff('tags', listText(p.tags), listText(f.tags));
  diff('published', yesNo(p.isActive), yesNo(f.published));
  return out;
}

function variantChanges(v: VariantState, f: VariantFields, pictureKeys: string[] | null): ImportChange[] {
  const out: ImportChange[] = [];
  const diff = (field: string, from: string, to: string) => from !== to && out.push({ field, from, to });
  diff('mrp', rupees(v.mrpPaise), rupees(f.mrpPaise));
  diff('selling_price', rupees(v.sellingPricePaise), rupees(f.sellingPaise));
  diff('stock', String(v.stock), String(f.stock));
  diff('variant_active', yesNo(v.isActive), yesNo(f.active));
  if (pictureKeys) diff('pictures', listText(picturesOf(v)), listText(pictureKeys));
  return out;
}

/** A picture cell's entries as keys: a zip file's name, else a stored picture's key; never a URL. */
function resolvePictures(names: string[], lookups: PlanLookups, reasons: string[]): string[] | null {
  if (names.length === 0) return null;
  const keys: string[] = [];
  for (const name of names) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name)) {
      reasons.push(`pictures are not fetched from the internet (${name}): put the file in the zip and write its name`);
    } else if (lookups.zipPictures[name]) keys.push(lookups.zipPictures[name]);
    else if (lookups.imageKeys.has(name) && name !== NO_PICTURE) keys.push(name);
    else reasons.push(`no picture '${name}' in the zip nor in the shop`);
  }
  return keys;
}

/**
 * Decides every row against the catalogue: created, changed (which fields,
 * old → new), unchanged, or refused with its reasons. Nothing is written here.
 */
export function planImport(state: CatalogState, rows: ReadRow[], lookups: PlanLookups): Plan {
  const products = new Map<string, PlannedProduct & { line: number }>();
  const bySku = new Map<string, number>();
  const combos = new Map<string, number>();
  const colourPictures = new Map<string, { line: number; keys: string }>();
  const newColours = new Map<string, string>();
  const newSizes = new Set<string>();
  const plan: Plan = { rows: [], products, variants: [] };

  for (const row of rows) {
    const { product: pf, variant: vf, line } = row;
    const reasons = [...row.reasons];
    const creates: string[] = [];
    const existingProduct = state.products.get(pf.slug);

    // The product: the first row of it decides, later rows must say the same.
    const first = products.get(pf.slug);
    if (first) {
      if (JSON.stringify(first.fields) !== JSON.stringify(pf)) {
        reasons.push(`the product columns differ from line ${first.line} of the same product_slug`);
      }
    } else {
      if (pf.categorySlug && !state.categories.has(pf.categorySlug))
        reasons.push(`unknown category '${pf.categorySlug}'`);
      for (const c of pf.collections) if (!state.collections.has(c)) reasons.push(`unknown collection '${c}'`);
      if (!existingProduct && lookups.takenSlugs.has(pf.slug)) {
        reasons.push(`product_slug '${pf.slug}' belongs to an archived product`);
      }
    }

    // The variant, matched by SKU.
    const existing = state.variantsBySku.get(vf.sku) ?? null;
    if (vf.sku && bySku.has(vf.sku))
      reasons.push(`duplicate SKU in the file: '${vf.sku}' is also on line ${bySku.get(vf.sku)}`);
    if (vf.sku && !bySku.has(vf.sku)) bySku.set(vf.sku, line);
    if (existing) {
      const owner = state.productById.get(existing.productId);
      if (owner && owner.slug !== pf.slug) reasons.push(`SKU '${vf.sku}' belongs to product '${owner.slug}'`);
      if (
        existing.colour.toLowerCase() !== vf.colour.toLowerCase() ||
        existing.size.toLowerCase() !== vf.size.toLowerCase()
      ) {
        reasons.push(
          `SKU '${vf.sku}' is ${existing.colour} ${existing.size}: a SKU keeps its colour and size (give a new one a new SKU)`,
        );
      }
    } else if (vf.sku && lookups.takenSkus.has(vf.sku)) {
      reasons.push(`SKU '${vf.sku}' belongs to an archived product`);
    }

    // Colour and size: shared by every product, so an existing colour keeps its hex.
    const colour = state.colours.get(vf.colour.toLowerCase());
    if (colour && vf.colourHex && colour.hex.toLowerCase() !== vf.colourHex) {
      reasons.push(
        `colour ${colour.name} is ${colour.hex} in the shop (not ${vf.colourHex}); colours are shared by all products`,
      );
    }
    const firstOfColour = !colour && !!vf.colour && !newColours.has(vf.colour.toLowerCase());
    if (!colour && vf.colour) {
      const seen = newColours.get(vf.colour.toLowerCase());
      if (!vf.colourHex) reasons.push(`colour_hex is required for the new colour '${vf.colour}'`);
      else if (seen && seen !== vf.colourHex)
        reasons.push(`the new colour '${vf.colour}' has two hex values in the file`);
      else newColours.set(vf.colour.toLowerCase(), vf.colourHex);
    }
    const comboKey = `${pf.slug}\n${vf.colour.toLowerCase()}\n${vf.size.toLowerCase()}`;
    if (!existing) {
      const clash =
        combos.get(comboKey) ??
        (existingProduct &&
          state.variantsOf
            .get(existingProduct.id)
            ?.find(
              (v) =>
                v.colour.toLowerCase() === vf.colour.toLowerCase() && v.size.toLowerCase() === vf.size.toLowerCase(),
            )?.sku);
      if (clash)
        reasons.push(
          `${pf.slug} already has ${vf.colour} ${vf.size} (${typeof clash === 'number' ? `line ${clash}` : `SKU ${clash}`})`,
        );
    }
    combos.set(comboKey, line);

    // Pictures belong to the colour: rows of one colour that name pictures name the same.
    const pictureKeys = resolvePictures(vf.pictures, lookups, reasons);
    if (pictureKeys) {
      const key = `${pf.slug}\n${vf.colour.toLowerCase()}`;
      const before = colourPictures.get(key);
      if (before && before.keys !== pictureKeys.join('|')) {
        reasons.push(`pictures differ from line ${before.line} (pictures belong to the colour)`);
      } else if (!before) colourPictures.set(key, { line, keys: pictureKeys.join('|') });
    }

    let changes: ImportChange[] = [];
    if (!first) {
      if (!existingProduct) creates.push('product');
      else changes = productChanges(state, pf);
      products.set(pf.slug, { fields: pf, existingId: existingProduct?.id ?? null, changes, line });
    }
    // A new colour or size is created once: named on the first row that brings it.
    if (firstOfColour) creates.push('colour');
    if (vf.size && !state.sizes.has(vf.size.toLowerCase()) && !newSizes.has(vf.size.toLowerCase())) {
      creates.push('size');
      newSizes.add(vf.size.toLowerCase());
    }
    if (existing) changes = [...changes, ...variantChanges(existing, vf, pictureKeys)];
    else creates.push('variant');

    plan.variants.push({ line, productSlug: pf.slug, fields: vf, existing, changes, pictureKeys });
    plan.rows.push({
      line,
      product_slug: pf.slug,
      sku: vf.sku,
      outcome: reasons.length
        ? 'refused'
        : creates.includes('variant')
          ? 'create'
          : changes.length
            ? 'change'
            : 'unchanged',
      creates: reasons.length ? [] : creates,
      changes: reasons.length ? [] : changes,
      reasons,
    });
  }
  refuseUnpicturedPublished(state, plan);
  return plan;
}

/** A published product needs a real picture for each colour it sells (common brief): its changed rows are refused. */
function refuseUnpicturedPublished(state: CatalogState, plan: Plan) {
  for (const [slug, product] of plan.products) {
    if (!product.fields.published) continue;
    const rows = plan.rows.filter((r) => r.product_slug === slug);
    if (rows.every((r) => r.outcome === 'unchanged' || r.outcome === 'refused')) continue;
    const colours = new Map<string, { active: boolean; pictured: boolean }>();
    const note = (name: string, active: boolean, pictured: boolean) => {
      const c = colours.get(name.toLowerCase()) ?? { active: false, pictured: false };
      colours.set(name.toLowerCase(), { active: c.active || active, pictured: c.pictured || pictured });
    };
    const inFile = new Set<string>();
    for (const v of plan.variants.filter((x) => x.productSlug === slug)) {
      inFile.add(v.fields.sku);
      const current = v.existing ? picturesOf(v.existing).length > 0 : false;
      note(v.fields.colour, v.fields.active, v.pictureKeys ? v.pictureKeys.length > 0 : current);
    }
    for (const v of product.existingId ? (state.variantsOf.get(product.existingId) ?? []) : []) {
      if (!inFile.has(v.sku)) note(v.colour, v.isActive, picturesOf(v).length > 0);
    }
    const bare = [...colours].filter(([, c]) => c.active && !c.pictured).map(([name]) => name);
    if (!bare.length) continue;
    for (const r of rows) {
      r.reasons.push(
        `a published product needs a picture of each colour: ${bare.join(', ')} has none (or set published to no)`,
      );
      r.outcome = 'refused';
      r.creates = [];
      r.changes = [];
    }
  }
}
