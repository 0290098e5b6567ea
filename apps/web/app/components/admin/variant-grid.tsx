import type { ProductOptions } from '@shop/contract';
import { Form } from 'react-router';
import type { GridCell } from '~/lib/admin-products';
import { buttonClass } from '../ui/button';

const cellInput = 'mt-1 block w-full rounded-lg border border-linen bg-white px-2 py-2 text-ink';
const small = 'block text-xs font-semibold text-muted';

/**
 * Step 1: which colours and sizes (a GET form: the grid below is made from the
 * page's address, so it works without scripts), and a new colour if needed.
 */
export function GridChoice({ options, cells }: { options: ProductOptions; cells: GridCell[] }) {
  const colors = new Set(cells.map((c) => c.color_id));
  const sizes = new Set(cells.map((c) => c.size_id));
  return (
    <div className="space-y-4">
      <Form method="get" className="space-y-3" aria-label="Colours and sizes" preventScrollReset>
        <input type="hidden" name="grid" value="1" />
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink">Colours</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {options.colors.map((c) => (
              <label key={c.id} className="inline-flex min-h-11 items-center gap-2 text-ink">
                <input
                  type="checkbox"
                  name="colors"
                  value={c.id}
                  defaultChecked={colors.has(c.id)}
                  className="size-4.5 accent-brand-dark"
                />
                <span
                  className="inline-block size-4 rounded-full border border-linen"
                  style={{ background: c.hex }}
                  aria-hidden="true"
                />
                {c.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink">Sizes</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {options.sizes.map((s) => (
              <label key={s.id} className="inline-flex min-h-11 items-center gap-2 text-ink">
                <input
                  type="checkbox"
                  name="sizes"
                  value={s.id}
                  defaultChecked={sizes.has(s.id)}
                  className="size-4.5 accent-brand-dark"
                />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonClass.plain}>
          Make the grid
        </button>
      </Form>
      <details className="rounded-xl border border-linen p-3">
        <summary className="cursor-pointer font-semibold text-ink">Add a colour the shop does not have yet</summary>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" preventScrollReset>
          <input type="hidden" name="intent" value="color" />
          {[...colors].map((id) => (
            <input key={`c${id}`} type="hidden" name="colors" value={id} />
          ))}
          {[...sizes].map((id) => (
            <input key={`s${id}`} type="hidden" name="sizes" value={id} />
          ))}
          <label className="block">
            <span className={small}>Colour name</span>
            <input name="color_name" required minLength={2} maxLength={40} className={cellInput} />
          </label>
          <label className="block">
            <span className={small}>Colour</span>
            <input
              name="color_hex"
              type="color"
              defaultValue="#f2a7b8"
              className="mt-1 block h-11 w-16 rounded-lg border border-linen"
            />
          </label>
          <button type="submit" className={buttonClass.plain}>
            Add colour
          </button>
        </Form>
      </details>
    </div>
  );
}

/** Step 2: every colour × size cell, saved together (one transaction). A card per cell on a phone, rows on a desk. */
export function VariantGrid({ cells, version }: { cells: GridCell[]; version: number }) {
  if (cells.length === 0) {
    return <p className="text-muted">Choose at least one colour and one size, then Make the grid.</p>;
  }
  return (
    <Form method="post" aria-label="Variants" preventScrollReset>
      <input type="hidden" name="intent" value="variants" />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="rows" value={cells.length} />
      <div className="hidden gap-2 px-3 text-xs font-semibold text-muted lg:grid lg:grid-cols-[11rem_1fr_7rem_7rem_6rem_4rem]">
        <span>Colour / size</span>
        <span>SKU</span>
        <span>MRP (₹)</span>
        <span>Price (₹)</span>
        <span>Stock</span>
        <span>On</span>
      </div>
      <ul className="mt-1 space-y-2">
        {cells.map((c, i) => (
          <li key={`${c.color_id}:${c.size_id}`} className="rounded-xl border border-linen p-3">
            <fieldset className="grid grid-cols-2 gap-2 lg:grid-cols-[11rem_1fr_7rem_7rem_6rem_4rem] lg:items-center">
              <legend className="sr-only">{c.label}</legend>
              <input type="hidden" name={`v.${i}.color_id`} value={c.color_id} />
              <input type="hidden" name={`v.${i}.size_id`} value={c.size_id} />
              <input type="hidden" name={`v.${i}.label`} value={c.label} />
              <p className="col-span-2 font-semibold text-ink lg:col-span-1" aria-hidden="true">
                {c.label}
                {c.is_new && <span className="ml-2 text-xs font-normal text-muted">new</span>}
                {c.has_orders && <span className="block text-xs font-normal text-muted">ordered before</span>}
              </p>
              <label className="col-span-2 block lg:col-span-1">
                <span className={`${small} lg:sr-only`}>SKU</span>
                <input
                  name={`v.${i}.sku`}
                  defaultValue={c.sku}
                  required
                  aria-label={`SKU of ${c.label}`}
                  className={cellInput}
                />
              </label>
              <label className="block">
                <span className={`${small} lg:sr-only`}>MRP (₹)</span>
                <input
                  name={`v.${i}.mrp`}
                  defaultValue={c.mrp}
                  inputMode="decimal"
                  required
                  aria-label={`MRP of ${c.label} in rupees`}
                  className={cellInput}
                />
              </label>
              <label className="block">
                <span className={`${small} lg:sr-only`}>Price (₹)</span>
                <input
                  name={`v.${i}.selling_price`}
                  defaultValue={c.selling_price}
                  inputMode="decimal"
                  required
                  aria-label={`Selling price of ${c.label} in rupees`}
                  className={cellInput}
                />
              </label>
              <label className="block">
                <span className={`${small} lg:sr-only`}>Stock</span>
                <input
                  name={`v.${i}.stock`}
                  defaultValue={c.stock}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  required
                  aria-label={`Stock of ${c.label}`}
                  className={cellInput}
                />
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  name={`v.${i}.is_active`}
                  defaultChecked={c.is_active}
                  aria-label={`${c.label} on sale`}
                  className="size-4.5 accent-brand-dark"
                />
                <span className="lg:sr-only">On sale</span>
              </label>
            </fieldset>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">
        A combination left out of the grid is removed; one that was ordered before is turned off instead.
      </p>
      <button type="submit" className={`${buttonClass.dark} mt-3`}>
        Save variants
      </button>
    </Form>
  );
}
