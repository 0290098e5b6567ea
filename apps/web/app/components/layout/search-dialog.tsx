import { lazy } from 'react';
import { SearchIcon } from '../ui/icons';
import { LazyPanel } from '../ui/lazy-panel';
import { ICON_BUTTON } from './nav';

// The dialog (Radix's dialog, the search box and its query) loads when it is first
// wanted, not with every page: pointing at or focusing the icon fetches it.
const loadPanel = () => import('./search-dialog-panel');
const SearchDialogPanel = lazy(loadPanel);

/** The header's search icon and its dialog (docs/product.md#layout); before the scripts run, a link to the search page. */
export function SearchDialog() {
  return (
    <LazyPanel to="/search" label="Search" className={ICON_BUTTON} icon={<SearchIcon />} load={loadPanel}>
      {(panel) => <SearchDialogPanel {...panel} />}
    </LazyPanel>
  );
}
