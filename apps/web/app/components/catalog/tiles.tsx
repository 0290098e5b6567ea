import type { Category, Collection } from '@shop/contract';
import { Link } from 'react-router';
import { ShopImage } from '~/components/ui/shop-image';

/** A category tile: a big picture and the name, the whole tile a link. */
export function CategoryTile({ category, priority = false }: { category: Category; priority?: boolean }) {
  return (
    <Link
      to={`/categories/${category.slug}`}
      className="group block rounded-2xl focus-visible:outline-offset-4"
      data-testid="category-tile"
    >
      <div className="overflow-hidden rounded-2xl bg-sand">
        <ShopImage
          src={category.image}
          alt=""
          width={640}
          height={800}
          sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          priority={priority}
          className="aspect-[4/5] w-full object-cover transition duration-500 group-hover:scale-[1.04]"
        />
      </div>
      <h3 className="mt-3 flex items-center justify-between gap-2 px-1 text-lg text-ink group-hover:text-brand-dark sm:text-xl">
        {category.name}
        <span
          aria-hidden="true"
          className="text-brand-dark opacity-0 transition group-hover:translate-x-1 group-hover:opacity-100"
        >
          →
        </span>
      </h3>
    </Link>
  );
}

/** A collection tile: picture, name, description and 'Shop Now'. */
export function CollectionTile({ collection, priority = false }: { collection: Collection; priority?: boolean }) {
  const to = `/collections/${collection.slug}`;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-linen/70 transition hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-brand-dark">
      <div className="overflow-hidden bg-sand">
        <ShopImage
          src={collection.image}
          alt=""
          width={960}
          height={720}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          widths={[480, 640, 960, 1280]}
          priority={priority}
          className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-2xl text-ink">{collection.name}</h2>
        <p className="mt-2 mb-5 text-muted">{collection.description}</p>
        <Link
          to={to}
          className="mt-auto inline-flex w-fit items-center gap-2 rounded-full bg-brand-soft px-5 py-2 text-sm font-bold text-brand-dark transition group-hover:bg-brand-dark group-hover:text-white after:absolute after:inset-0 focus-visible:outline-none"
        >
          Shop Now<span className="sr-only">: {collection.name}</span>
          <span aria-hidden="true" className="transition group-hover:translate-x-0.5">
            →
          </span>
        </Link>
      </div>
    </article>
  );
}
