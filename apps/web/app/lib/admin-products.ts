import {
  ProductFields,
  VariantCell,
  productSeo,
  type AdminProductDetail,
  type ProductOptions,
  type Seo,
} from '@shop/contract';
import type { FieldErrors } from './form';

/** The product form's fields as typed (to show them again after a refusal). */
export type ProductValues = Record<string, string>;

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** The product form → the API's body (one line per care detail and highlight, tags split at commas). */
export function readProductForm(form: FormData) {
  const values: ProductValues = {
    name: text(form, 'name'),
    slug: text(form, 'slug'),
    description: text(form, 'description'),
    care_details: text(form, 'care_details'),
    highlights: text(form, 'highlights'),
    category_id: text(form, 'category_id'),
    collection_ids: form.getAll('collection_ids').map(String).join(','),
    hsn_code: text(form, 'hsn_code'),
    tags: text(form, 'tags'),
    country_of_origin: text(form, 'country_of_origin'),
    meta_title: text(form, 'meta_title'),
    meta_description: text(form, 'meta_description'),
  };
  const body = {
    name: values.name,
    slug: values.slug!.trim(),
    description: values.description,
    care_details: linesOf(values.care_details!),
    highlights: linesOf(values.highlights!),
    category_id: values.category_id,
    collection_ids: values.collection_ids ? values.collection_ids.split(',') : [],
    hsn_code: values.hsn_code!.trim(),
    tags: values
      .tags!.split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    country_of_origin: values.country_of_origin!.trim() || 'India',
    // Empty: the page's own (the schema keeps it as null).
    meta_title: values.meta_title,
    meta_description: values.meta_description,
  };
  const checked = ProductFields.safeParse(body);
  if (checked.success) return { ok: true as const, body: checked.data, values };
  const fieldErrors: FieldErrors = {};
  for (const issue of checked.error.issues) fieldErrors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false as const, fieldErrors, values };
}

/** The form's values of a saved product. */
export const productValues = (p: AdminProductDetail): ProductValues => ({
  name: p.name,
  slug: p.slug,
  description: p.description,
  care_details: p.care_details.join('\n'),
  highlights: p.highlights.join('\n'),
  category_id: String(p.category_id),
  collection_ids: p.collection_ids.join(','),
  hsn_code: p.hsn_code,
  tags: p.tags.join(', '),
  country_of_origin: p.country_of_origin,
  meta_title: p.meta_title ?? '',
  meta_description: p.meta_description ?? '',
});

/** What a page of the saved product shows without its own meta fields: of its first colour on sale, as the API makes it. */
export function productSeoDefault(p: AdminProductDetail, options: ProductOptions): Seo {
  const first = p.variants.find((v) => v.is_active) ?? p.variants[0];
  const color = options.colors.find((c) => c.id === first?.color_id)?.name ?? '';
  return productSeo({ ...p, meta_title: null, meta_description: null }, color);
}

/** One cell of the grid as the form shows it. */
export interface GridCell {
  color_id: number;
  size_id: number;
  label: string;
  sku: string;
  mrp: string;
  selling_price: string;
  stock: string;
  is_active: boolean;
  has_orders: boolean;
  is_new: boolean;
}

const ids = (values: string[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))];

/**
 * The colour × size grid to show: the colours and sizes chosen in the page's
 * address (`?colors=..&sizes=..`), else those the product has; a cell it has
 * keeps its values, a new one gets a suggested SKU and the product's price.
 */
export function gridCells(product: AdminProductDetail, options: ProductOptions, url: URL): GridCell[] {
  const chosen = url.searchParams.has('grid');
  const colorIds = chosen
    ? ids(url.searchParams.getAll('colors'))
    : ids(product.variants.map((v) => String(v.color_id)));
  const sizeIds = chosen ? ids(url.searchParams.getAll('sizes')) : ids(product.variants.map((v) => String(v.size_id)));
  const colors = options.colors.filter((c) => colorIds.includes(c.id));
  const sizes = options.sizes.filter((s) => sizeIds.includes(s.id));
  const first = product.variants[0];
  const slugPart = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return colors.flatMap((c) =>
    sizes.map((s): GridCell => {
      const v = product.variants.find((x) => x.color_id === c.id && x.size_id === s.id);
      return {
        color_id: c.id,
        size_id: s.id,
        label: `${c.name} / ${s.name}`,
        sku: v?.sku ?? `${slugPart(product.slug)}-${slugPart(c.name)}-${slugPart(s.name)}`.slice(0, 60),
        mrp: v ? String(v.mrp) : first ? String(first.mrp) : '',
        selling_price: v ? String(v.selling_price) : first ? String(first.selling_price) : '',
        stock: v ? String(v.stock) : '0',
        is_active: v?.is_active ?? true,
        has_orders: v?.has_orders ?? false,
        is_new: !v,
      };
    }),
  );
}

/** The grid form → the API's body; per-row reasons are the API's (it checks every rule). */
export function readGridForm(form: FormData) {
  const count = Math.min(Number(text(form, 'rows')) || 0, 200);
  const variants = Array.from({ length: count }, (_, i) => ({
    color_id: text(form, `v.${i}.color_id`),
    size_id: text(form, `v.${i}.size_id`),
    sku: text(form, `v.${i}.sku`).trim(),
    mrp: text(form, `v.${i}.mrp`).trim(),
    selling_price: text(form, `v.${i}.selling_price`).trim(),
    stock: text(form, `v.${i}.stock`).trim(),
    is_active: form.get(`v.${i}.is_active`) === 'on',
  }));
  const errors: string[] = [];
  variants.forEach((v, i) => {
    const checked = VariantCell.safeParse(v);
    if (!checked.success) {
      const label = text(form, `v.${i}.label`) || `Row ${i + 1}`;
      errors.push(`${label}: ${checked.error.issues[0]?.message ?? 'invalid'}`);
    }
  });
  return { variants, errors, version: text(form, 'version') };
}
