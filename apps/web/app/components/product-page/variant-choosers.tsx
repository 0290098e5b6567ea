import { SizeGuideLink } from '~/components/size-guide/size-guide-link';
import type { OtherVariant } from '@shop/contract';
import { Link } from 'react-router';
import { StrikeIcon } from '~/components/ui/product-icons';

export type Variant = Pick<OtherVariant, 'id' | 'slug' | 'size' | 'color' | 'is_available_in_stock'>;

export const variantPath = (slug: string) => `/product/${slug}`;

/** Colours in the shop's order, each with the variant its swatch leads to. */
export function colourChoices(current: Variant, all: Variant[]) {
  const byId = [...all].sort((a, b) => a.id - b.id);
  const colours = [...new Map(byId.map((v) => [v.color.id, v.color])).values()];
  return colours.map((color) => {
    const ofColour = byId.filter((v) => v.color.id === color.id).sort((a, b) => a.size.id - b.size.id);
    // The same size in that colour if it exists, else its first size in stock, else its first size.
    const target =
      ofColour.find((v) => v.size.id === current.size.id) ??
      ofColour.find((v) => v.is_available_in_stock) ??
      ofColour[0]!;
    return { color, target, soldOut: !ofColour.some((v) => v.is_available_in_stock) };
  });
}

/** The sizes of the current colour, smallest first. */
export const sizeChoices = (current: Variant, all: Variant[]) =>
  all.filter((v) => v.color.id === current.color.id).sort((a, b) => a.size.id - b.size.id);

/** Light swatches need a darker edge to show on the cream page. */
function isLight(hex: string) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return false;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((x) => parseInt(x, 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 200;
}

/**
 * Colour and size choosers (docs/product.md#catalogue): links to the sibling variants, so each
 * choice has its own address. Sold-out sizes stay reachable but look crossed out.
 */
export function VariantChoosers({
  current,
  others,
  category,
}: {
  current: Variant;
  others: Variant[];
  /** The category's slug, for its size guide. */
  category: string;
}) {
  const all = [current, ...others];
  const colours = colourChoices(current, all);
  const sizes = sizeChoices(current, all);
  const linkProps = { replace: true, preventScrollReset: true } as const;

  return (
    <div className="space-y-6">
      <div role="group" aria-labelledby="colour-label">
        <p id="colour-label" className="mb-3 text-sm text-muted">
          Colour: <span className="font-bold text-ink">{current.color.name}</span>
        </p>
        <ul className="flex flex-wrap gap-3">
          {colours.map(({ color, target, soldOut }) => {
            const selected = color.id === current.color.id;
            return (
              <li key={color.id}>
                <Link
                  to={variantPath(target.slug)}
                  {...linkProps}
                  aria-label={soldOut ? `${color.name}, out of stock` : color.name}
                  aria-current={selected ? 'page' : undefined}
                  title={color.name}
                  className={`relative grid size-11 place-items-center rounded-full transition ${
                    selected ? 'ring-2 ring-ink ring-offset-2 ring-offset-cream' : 'hover:ring-2 hover:ring-linen'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`block size-9 overflow-hidden rounded-full border ${
                      isLight(color.hex) ? 'border-black/20' : 'border-black/5'
                    } ${soldOut ? 'opacity-50' : ''}`}
                    style={{ backgroundColor: color.hex }}
                  >
                    {soldOut && <StrikeIcon size="full" className="text-ink/70" />}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>

      <div role="group" aria-labelledby="size-label">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <p id="size-label" className="text-sm text-muted">
            Size: <span className="font-bold text-ink">{current.size.name}</span>
          </p>
          <SizeGuideLink category={category} size={current.size.name} />
        </div>
        <ul className="flex flex-wrap gap-2">
          {sizes.map((v) => {
            const selected = v.id === current.id;
            const out = !v.is_available_in_stock;
            return (
              <li key={v.id}>
                <Link
                  to={variantPath(v.slug)}
                  {...linkProps}
                  aria-label={out ? `${v.size.name}, out of stock` : v.size.name}
                  aria-current={selected ? 'page' : undefined}
                  className={`inline-flex h-11 min-w-16 items-center justify-center rounded-full border px-4 text-sm font-semibold transition ${
                    selected
                      ? out
                        ? 'border-ink bg-sand text-muted line-through decoration-1'
                        : 'border-ink bg-ink text-cream'
                      : out
                        ? 'border-dashed border-linen bg-transparent text-muted line-through decoration-1 hover:border-muted'
                        : 'border-linen bg-white text-ink hover:border-ink'
                  }`}
                >
                  {v.size.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
