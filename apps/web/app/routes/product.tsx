import type { ListingItem } from '@shop/contract';
import { ROUTES, MESSAGES, resizeImageUrl } from '@shop/contract/lite';
import { Link, data, redirect } from 'react-router';
import { Breadcrumbs, crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import { BuyBox } from '~/components/product-page/buy-box';
import { ProductDetails } from '~/components/product-page/details';
import { Gallery } from '~/components/product-page/gallery';
import { RelatedRow } from '~/components/product-page/related';
import { VariantChoosers, variantPath, type Variant } from '~/components/product-page/variant-choosers';
import { DropIcon, LabelIcon } from '~/components/ui/product-icons';
import { Price } from '~/components/product/price';
import { BACK_IN_STOCK_FORM, BackInStockForm } from '~/components/product-page/back-in-stock';
import { askBackInStock } from '~/lib/back-in-stock.server';
import { changeWishlist, setCartLine } from '~/lib/cart.server';
import { useAuth } from '~/lib/auth';
import { isBadRequest, thrownStatus } from '~/lib/loader-errors';
import { SHOP_NAME } from '~/lib/config';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/product';
import { call, mine, read } from '~/lib/call.server';

const RELATED_COUNT = 10;
const DISPATCH_NOTE = 'Handmade to order: dispatched in 14-21 days';

/** The product page of one variant (docs/product.md#catalogue); an unknown slug is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const url = new URL(request.url);
  // An old slug of a product (renamed in the back office) answers 301 to where it lives now.
  let moved: string | undefined;
  const product = await read(args, ROUTES['catalog.product'], { params: { slug: params.slug } }).catch(
    async (err: unknown) => {
      if (thrownStatus(err) === 404) {
        const res = await call(
          args,
          ROUTES['catalog.productRedirect'],
          { params: { slug: params.slug } },
          { anonymous: true },
        );
        if (res.ok) {
          moved = res.data.slug;
          return null;
        }
      }
      // A slug the API cannot even read is as unknown as a missing one.

      if (isBadRequest(err)) throw data('Not found', { status: 404 });
      throw err;
    },
  );
  if (!product) throw redirect(`/product/${encodeURIComponent(moved!)}${url.search}`, 301);
  const current = product.data[0]!;
  // 'More from <category>': one more than needed, as this product may be among them.
  const related = await read(args, ROUTES['catalog.category'], {
    params: { slug: product.cats.slug },
    query: { limit: RELATED_COUNT + 1 },
  })
    .then((r) => r.categoryProducts.filter((p) => p.products.id !== current.products.id).slice(0, RELATED_COUNT))
    .catch(() => [] as ListingItem[]);
  // Whether the signed-in shopper keeps this variant in their wishlist (the cart is in the root's data).
  const wishlist = await mine(args, ROUTES['wishlist.get']);
  const wishlisted = !!wishlist?.data.some((w) => w.product_variant_id === current.product_variants.id);
  return { ...product, related, wishlisted, origin: url.origin };
}

/** The buy box's forms: the cart line's quantity, and the wishlist. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  switch (form.get('intent')) {
    case 'wishlist-add':
      return changeWishlist(args, form, 'add');
    case 'wishlist-remove':
      return changeWishlist(args, form, 'remove');
    case 'back-in-stock':
      return askBackInStock(args, form);
    default: {
      const removing = form.get('quantity') === '0';
      const text = removing ? MESSAGES.cartItemRemoved : MESSAGES.cartUpdated;
      return setCartLine(args, form, { kind: 'success', text });
    }
  }
}

type Data = Route.ComponentProps['loaderData'];

const crumbs = ({ cats, data }: Pick<Data, 'cats' | 'data'>): Crumb[] => [
  { name: 'Home', to: '/' },
  { name: cats.name, to: `/categories/${cats.slug}` },
  { name: data[0]!.products.name },
];

const imagesOf = (v: Data['data'][number]['product_variants']) =>
  [v.image1, v.image2, v.image3].filter((src): src is string => !!src);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Product not found | ${SHOP_NAME}` }];
  const { origin, cats, seo } = loaderData;
  const item = loaderData.data[0]!;
  const { products: p, product_variants: v, colors } = item;
  const url = `${origin}${variantPath(v.slug)}`;
  const abs = (src: string) => `${origin}${resizeImageUrl(src, 1280)}`;
  const path = variantPath(v.slug);
  // The API's words: the owner's meta title and description, or the page's own (docs/product.md 'Search engine fields').
  return seoMeta({
    title: seo.title,
    description: seo.description,
    url,
    image: abs(v.image1),
    type: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: p.name,
        image: imagesOf(v).map(abs),
        description: p.description,
        sku: v.sku,
        color: colors.name,
        size: v.size,
        category: cats.name,
        brand: { '@type': 'Brand', name: SHOP_NAME },
        offers: {
          '@type': 'Offer',
          price: v.selling_price,
          priceCurrency: 'INR',
          availability: item.is_available_in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          url,
        },
      },
      breadcrumbLd(crumbsLd(origin, crumbs(loaderData), path)),
    ],
  });
}

/** The count only at or below the shop's low-stock threshold (above it the answer says only that there is plenty). */
function StockNote({ stock, fewAt, allSoldOut }: { stock: number; fewAt: number; allSoldOut: boolean }) {
  if (stock <= 0)
    return (
      <p className="rounded-2xl bg-sand px-4 py-3 text-sm text-ink">
        {allSoldOut ? (
          <>
            <strong>Sold out in every size for now.</strong> Our artisans make more in small batches: ask us below to
            tell you when this size is back.
          </>
        ) : (
          <>
            <strong>This size is sold out.</strong> Choose another size or colour, or ask us to tell you when it is
            back.
          </>
        )}
      </p>
    );
  if (stock <= fewAt)
    return (
      <p className="flex items-center gap-2 text-sm font-bold text-ink">
        <span aria-hidden="true" className="size-2 rounded-full bg-mustard" />
        Only {stock} left in this size
      </p>
    );
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-sage">
      <span aria-hidden="true" className="size-2 rounded-full bg-sage" />
      In stock
    </p>
  );
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cats, other_variants, related, wishlisted } = loaderData;
  const item = loaderData.data[0]!;
  const { products: p, product_variants: v, colors, sizes } = item;
  const current: Variant = {
    id: v.id,
    slug: v.slug,
    size: sizes,
    color: colors,
    is_available_in_stock: item.is_available_in_stock,
  };
  const stock = item.is_available_in_stock ? v.stock : 0;
  const { user: account } = useAuth();
  const bisAnswer = actionData?.form === BACK_IN_STOCK_FORM ? actionData : undefined;

  return (
    <>
      <div className="container-shop pt-6 pb-12 sm:pt-8 lg:pb-20">
        <Breadcrumbs items={crumbs(loaderData)} />
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-14 xl:gap-20">
          <Gallery key={v.slug} images={imagesOf(v)} alt={`${p.name} in ${colors.name}`} />

          <div className="lg:pt-2">
            <Link
              to={`/categories/${cats.slug}`}
              className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase hover:text-ink"
            >
              {cats.name}
            </Link>
            <h1 className="mt-2 text-3xl leading-tight text-ink sm:text-4xl">{p.name}</h1>
            <div className="mt-4">
              <Price mrp={v.mrp} price={v.selling_price} size="lg" />
              <p className="mt-1 text-xs text-muted">Inclusive of all taxes</p>
            </div>

            <div className="mt-8">
              <VariantChoosers current={current} others={other_variants} category={cats.slug} />
            </div>

            <div className="mt-6">
              <StockNote
                stock={stock}
                fewAt={loaderData.low_stock_threshold}
                allSoldOut={stock <= 0 && !other_variants.some((o) => o.is_available_in_stock)}
              />
            </div>

            {stock <= 0 && (
              <div className="mt-6">
                <BackInStockForm
                  key={v.id}
                  variantId={v.id}
                  piece={`${p.name} (${sizes.name}, ${colors.name})`}
                  email={account?.email ?? null}
                  answer={bisAnswer}
                />
              </div>
            )}

            <div className="mt-6">
              <BuyBox
                key={v.id}
                productId={p.id}
                variantId={v.id}
                stock={stock}
                wishlisted={wishlisted}
                answer={bisAnswer ? undefined : actionData}
              />
            </div>

            <ul className="mt-8 grid gap-3 rounded-2xl bg-white/70 p-5 text-sm ring-1 ring-linen/70">
              <li className="flex items-start gap-3">
                <DropIcon size={5} className="mt-0.5 shrink-0 text-brand-dark" />
                <span>
                  <strong className="text-ink">{DISPATCH_NOTE}</strong>
                  <span className="block text-muted">
                    Then 3-5 days within India, 5-8 business days abroad.{' '}
                    <Link to="/shipping-policy" className="font-semibold text-brand-dark underline underline-offset-2">
                      Shipping policy
                    </Link>
                  </span>
                </span>
              </li>
              <li className="flex items-center gap-3 text-muted">
                <LabelIcon size={5} className="shrink-0 text-brand-dark" />
                <span>
                  SKU: <span className="font-mono text-xs text-ink">{v.sku}</span>
                </span>
              </li>
            </ul>

            <div className="mt-8">
              <ProductDetails
                description={p.description}
                origin={p.country_of_origin}
                care={p.care_details}
                highlights={p.product_highlights}
              />
            </div>
          </div>
        </div>
      </div>

      <RelatedRow
        title={`More from ${cats.name}`}
        items={related}
        viewAll={{ to: `/categories/${cats.slug}`, label: `See all ${cats.name}` }}
      />
    </>
  );
}
