import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading, PageLoading, buttonClass } from '~/components/account/page-heading';
import { Price } from '~/components/product/price';
import { ShopImage } from '~/components/ui/shop-image';
import { api } from '~/lib/api';
import { useCart, useWishlist, useWishlistChange } from '~/lib/cart';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'Wishlist | Little Loom' }, { name: 'robots', content: 'noindex' }];

export default function WishlistPage() {
  const wishlist = useWishlist();
  const cart = useCart();
  const { remove } = useWishlistChange();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<number | null>(null);

  const moveToCart = async (productId: number, variantId: number) => {
    setMoving(variantId);
    try {
      const inCart = cart.data?.find((l) => l.product_variant_id === variantId)?.quantity ?? 0;
      await api('/carts', {
        method: 'POST',
        body: { product_id: productId, product_variant_id: variantId, quantity: inCart + 1 },
      });
      await api('/wishlist/remove', { method: 'POST', body: { product_id: productId, product_variant_id: variantId } });
      toast.success('Moved to your cart');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['cart'] }),
        queryClient.invalidateQueries({ queryKey: ['wishlist'] }),
      ]);
    } catch (err) {
      toast.apiError(err);
    } finally {
      setMoving(null);
    }
  };

  if (wishlist.isPending) {
    return <PageLoading />;
  }
  const items = wishlist.data ?? [];
  return (
    <div className="container-shop py-10">
      <PageHeading title="Wishlist" />
      {items.length === 0 ? (
        <div className="rounded-3xl bg-sand px-6 py-16 text-center">
          <h2 className="text-2xl">Your wishlist is empty</h2>
          <p className="mt-2 text-muted">Tap the heart on a product to keep it here.</p>
          <Link to="/shop" className={`${buttonClass.primary} mt-6`}>
            Browse the shop
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {items.map((item) => {
            const { products: product, product_variants: variant, colors } = item.product;
            return (
              <li key={item.id} className="flex flex-col">
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
                <div className="mt-2 flex flex-wrap gap-2">
                  {item.product.is_available_in_stock ? (
                    <button
                      type="button"
                      className={`${buttonClass.primary} px-4 py-2 text-sm`}
                      disabled={moving === variant.id}
                      onClick={() => void moveToCart(item.product_id, item.product_variant_id)}
                    >
                      {moving === variant.id ? 'Adding...' : 'Move to cart'}
                    </button>
                  ) : (
                    <span className="rounded-full bg-orange-100 px-3 py-2 text-sm font-bold text-orange-800">
                      Out of Stock
                    </span>
                  )}
                  <button
                    type="button"
                    className={`${buttonClass.quiet} text-sm`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate({ product_id: item.product_id, product_variant_id: item.product_variant_id })
                    }
                  >
                    Remove<span className="sr-only"> {product.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
