import { ADMIN_ROUTES } from '@shop/contract/admin-routes';
import { ROUTES } from '@shop/contract/lite';
import type { Banner } from '@shop/contract';
import { BannerSlider } from '~/components/home/banner-slider';
import { CollectionTiles } from '~/components/home/collection-tiles';
import { FocusedCollection } from '~/components/home/focused-collection';
import { ProductCarousel } from '~/components/home/product-carousel';
import { SectionHeading } from '~/components/home/section-heading';
import { MENU_COLLECTIONS } from '~/components/layout/nav';
import { adminToken } from '~/lib/api.server';
import { SHOP_CONTACT, SHOP_NAME, SHOP_TAGLINE } from '~/lib/config';
import { absolute, canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/home';
import { read } from '~/lib/call.server';
import { send } from '~/lib/api.server';

const DESCRIPTION =
  'Handcrafted clothing and accessories for babies and children: hand-smocked frocks, block-printed cotton, festive and wedding wear, made by Indian artisans and shipped across India and worldwide.';

/**
 * docs/product.md#messages: a catalogue call that fails is logged and its section left out;
 * the rest of the home page still shows.
 */
async function orNull<T>(path: string, answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (err) {
    console.error(`home: ${path} failed, its section is left out`, err);
    return null;
  }
}

/**
 * `/?preview=1` with a back-office session: the banners include drafts (off)
 * and those not started yet, as /admin/home's preview shows them.
 */
async function previewBanners(args: Route.LoaderArgs): Promise<{ data: Banner[] } | null> {
  if (!new URL(args.request.url).searchParams.has('preview') || !adminToken(args)) return null;
  const res = await send(args, ADMIN_ROUTES['admin.home.preview']);
  return res.ok ? ((await res.json()) as { data: Banner[] }) : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const preview = await previewBanners(args);
  const [banners, home, collections] = await Promise.all([
    preview ?? orNull('/banners', read(args, ROUTES['catalog.banners'])),
    orNull('/home-customization-products', read(args, ROUTES['catalog.home'])),
    orNull('/collections', read(args, ROUTES['catalog.collections'])),
  ]);
  const first = banners?.data[0];
  return {
    banners: banners?.data ?? [],
    sliderProducts: home?.homeFirstRowCarouselProducts.map((p) => p.product) ?? [],
    celebrityProducts: home?.celebrityClosetProducts.map((p) => p.product) ?? [],
    focused: home?.focusedCollection[0] ?? null,
    collections: collections?.data.slice(0, MENU_COLLECTIONS) ?? [],
    seo: {
      url: canonical(request.url, '/'),
      origin: new URL(request.url).origin,
      image: first ? absolute(request.url, first.large_image) : undefined,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: SHOP_NAME }];
  const { url, origin, image } = loaderData.seo;
  return seoMeta({
    title: SHOP_NAME,
    description: DESCRIPTION,
    url,
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': `${origin}/#organization`,
        name: SHOP_NAME,
        url: url,
        logo: `${origin}/favicon.svg`,
        description: SHOP_TAGLINE,
        email: SHOP_CONTACT.email,
        telephone: SHOP_CONTACT.phones[0],
        address: { '@type': 'PostalAddress', streetAddress: SHOP_CONTACT.address, addressCountry: 'IN' },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: SHOP_NAME,
        url,
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
}

/**
 * Sections well below the first screen are laid out and painted only as they
 * come near: the first paint is quicker, and their pictures load on the way down.
 */
const BELOW_FOLD = '[contain-intrinsic-size:auto_640px] [content-visibility:auto]';

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, sliderProducts, celebrityProducts, focused, collections } = loaderData;
  return (
    <>
      <h1 className="sr-only">
        {SHOP_NAME}: {SHOP_TAGLINE}
      </h1>

      <BannerSlider banners={banners} />

      {sliderProducts.length > 0 && (
        <section aria-labelledby="home-picks" className="container-shop py-16 sm:py-20">
          <SectionHeading id="home-picks" eyebrow="Fresh off the loom" title="Handpicked for You" />
          <ProductCarousel items={sliderProducts} label="Handpicked for You" />
        </section>
      )}

      {collections.length > 0 && (
        <section aria-labelledby="home-collections" className={`container-shop pb-16 sm:pb-20 ${BELOW_FOLD}`}>
          <SectionHeading id="home-collections" eyebrow="Our collections" title="Shop by Collection" />
          <CollectionTiles collections={collections} />
        </section>
      )}

      {focused && <FocusedCollection focused={focused} />}

      {celebrityProducts.length > 0 && (
        <section aria-labelledby="home-celebrity" className={`container-shop py-16 sm:py-20 ${BELOW_FOLD}`}>
          <SectionHeading id="home-celebrity" eyebrow="Loved by little stars" title="CELEBRITY CLOSET" />
          <ProductCarousel items={celebrityProducts} label="Celebrity Closet" />
        </section>
      )}
    </>
  );
}
