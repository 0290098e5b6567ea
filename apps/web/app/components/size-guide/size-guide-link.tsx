import { useRef } from 'react';
import { SIZE_GUIDES } from '@shop/contract/lite';
import { useHydrated } from '~/lib/use-hydrated';
import { SizeNotes, SizeTable } from './size-table';

/**
 * 'Size guide' beside the size chooser: a link to `/size-guide/:category`,
 * which once the scripts run opens the same table in a native <dialog>
 * (focus moves in, Escape closes, focus comes back). Nothing for categories
 * without a guide.
 */
export function SizeGuideLink({ category, size }: { category: string; size: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const guide = SIZE_GUIDES[category];
  if (!guide) return null;
  const href = `/size-guide/${category}`;
  return (
    <>
      <a
        href={href}
        className="text-sm font-semibold text-brand-dark underline underline-offset-4"
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={(event) => {
          if (!dialog.current?.showModal) return; // an old browser follows the link
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        Size guide
      </a>
      {hydrated && (
        <dialog
          ref={dialog}
          aria-labelledby="size-guide-title"
          className="m-auto w-[min(40rem,calc(100vw-1.5rem))] rounded-3xl bg-cream p-5 text-ink shadow-xl backdrop:bg-ink/40 sm:p-7"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id="size-guide-title" className="text-2xl">
              Size guide: {guide.title}
            </h2>
            <form method="dialog">
              <button
                type="submit"
                aria-label="Close the size guide"
                className="grid size-10 place-items-center rounded-full text-2xl leading-none hover:bg-sand"
              >
                ×
              </button>
            </form>
          </div>
          <SizeTable guide={guide} highlight={size} />
          <SizeNotes guide={guide} />
        </dialog>
      )}
    </>
  );
}
