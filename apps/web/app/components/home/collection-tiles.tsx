import type { Collection } from '@shop/contract';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../ui/icons';
import { ShopImage } from '../ui/shop-image';

/** The first collections as picture tiles (docs/product.md#home), each linking to /collections/{id}. */
export function CollectionTiles({ collections }: { collections: Collection[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      {collections.map((c) => (
        <li key={c.id}>
          <Link
            to={`/collections/${c.id}`}
            className="group relative block overflow-hidden rounded-2xl bg-sand shadow-sm"
            aria-label={`${c.name}: Shop Now`}
          >
            <ShopImage
              src={c.image}
              alt=""
              width={640}
              height={800}
              sizes="(min-width: 1280px) 300px, (min-width: 1024px) 24vw, 48vw"
              className="aspect-[4/5] w-full object-cover transition duration-700 group-hover:scale-[1.04]"
            />
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-t from-ink/70 via-ink/15 via-45% to-transparent"
            />
            <div className="absolute inset-x-0 bottom-0 p-4 text-white sm:p-6">
              <h3 className="text-lg leading-tight sm:text-2xl">{c.name}</h3>
              <span className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold underline-offset-4 group-hover:underline">
                Shop Now <ArrowRightIcon size={4} className="transition-transform group-hover:translate-x-1" />
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
