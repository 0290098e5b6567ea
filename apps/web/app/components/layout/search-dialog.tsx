import { Suspense, lazy, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { SearchIcon } from '../ui/icons';
import { ICON_BUTTON } from './nav';

// The dialog (Radix's dialog, the search box and its query) loads when it is first
// wanted, not with every page: pointing at or focusing the icon fetches it.
const loadPanel = () => import('./search-dialog-panel');
const SearchDialogPanel = lazy(loadPanel);

/** The header's search icon and its dialog (docs/product.md#layout); before the scripts run, a link to the search page. */
export function SearchDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to="/search" aria-label="Search" className={ICON_BUTTON}>
        <SearchIcon />
      </Link>
    );
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        className={ICON_BUTTON}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <SearchIcon />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SearchDialogPanel open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
