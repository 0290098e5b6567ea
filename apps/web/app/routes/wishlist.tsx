import { ROUTES } from '@shop/contract/lite';
import type { WishlistItem } from '@shop/contract';
import { Link, useFetcher } from 'react-router';
import { EmptyState } from '~/components/account/empty-state';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { Price } from '~/components/product/price';
import { Notice } from '~/components/ui/notice';
import { ShopImage } from '~/components/ui/shop-image';
import { changeWishlist, moveToCart } from '~/lib/cart.server';
import type { FormAnswer } from '~/lib/flash';
import { requireUser } from '~/lib/session.server';
import type { Route } from './+types/wishlist';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Wishlist | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { items: (await read(args, ROUTES['wishlist.get'])).data };
}

/** Move to cart, or remove (each item's form says which). */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  return form.get('intent') === 'move' ? moveToCart(args, form) : changeWishlist(args, form, 'remove');
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div className="container-shop py-10">
      <PageHeading title="Wishlist" />
      <Notice notice={actionData?.notice} className="mb-6" />
      {items.length === 0 ? (
        <EmptyState
          title="Your wishlist is empty"
          text="Tap the heart on a product to keep it here."
          action={{ to: '/shop', label: 'Browse the shop' }}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {items.map((item) => (
            <WishlistCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WishlistCard({ item }: { item: WishlistItem }) {
  const fetcher = useFetcher<FormAnswer>();
  const { products: product, product_variants: variant, colors } = item.product;
  const sending = fetcher.formData?.get('intent');
  // Moving or removing takes the item off the list at once; a refusal brings it back.
  if (sending === 'remove') return null;
  return (
    <li className="flex flex-col">
      <Link to={`/product/${variant.slug}`} className="block overflow-hidden rounded-2xl bg-sand">
        <ShopImage
          src={variant.image1}
          alt={`${product.name} in ${colors.name}`}
          width={800}
          height={1000}
          sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          className="aspect-[4/5] w-full object-cover"
        />
      </Link>
      <h2 className="mt-3 font-sans text-sm font-semibold sm:text-base">{product.name}</h2>
      <p className="text-sm text-muted">
        {variant.size} · {colors.name}
      </p>
      <Price mrp={variant.mrp} price={variant.selling_price} size="sm" />
      <fetcher.Form method="post" preventScrollReset className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="product_id" value={item.product_id} />
        <input type="hidden" name="product_variant_id" value={item.product_variant_id} />
        {item.product.is_available_in_stock ? (
          <button
            type="submit"
            name="intent"
            value="move"
            className={`${buttonClass.primary} px-4 py-2 text-sm`}
            disabled={sending === 'move'}
          >
            {sending === 'move' ? 'Adding...' : 'Move to cart'}
          </button>
        ) : (
          <span className="rounded-full bg-orange-100 px-3 py-2 text-sm font-bold text-orange-800">Out of Stock</span>
        )}
        <button type="submit" name="intent" value="remove" className={`${buttonClass.quiet} text-sm`}>
          Remove<span className="sr-only"> {product.name}</span>
        </button>
      </fetcher.Form>
      <Notice notice={fetcher.data?.notice} inline={false} />
    </li>
  );
}
