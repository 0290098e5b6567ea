import type { ListingItem } from '@shop/contract';
import { ProductCard } from './product-card';

/** 2 to 5 columns by screen width (docs/product.md#catalogue); the first row's pictures load first. */
export function ProductGrid({ items, priorityCount = 2 }: { items: ListingItem[]; priorityCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {items.map((item, i) => (
        <li key={item.products.id}>
          <ProductCard item={item} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
