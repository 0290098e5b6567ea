import { SORT_OPTIONS } from '@shop/contract';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SORT_LABELS } from './listing';
import { useHydrated } from '~/lib/use-hydrated';
import { SelectChevronIcon } from '~/components/ui/catalog-icons';

/**
 * Sort order as a GET form: with JavaScript a change applies at once (back
 * to page 1); without it, the Sort button submits the form.
 */
export function SortSelect({ value, defaultLabel }: { value?: string; defaultLabel?: string }) {
  const id = useId();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const params = new URLSearchParams(search);
  params.delete('sort');
  params.delete('page');

  const onChange = (e: React.ChangeEvent<HTMLSelectElement>) => {
    const next = new URLSearchParams(params);
    if (e.target.value) next.set('sort', e.target.value);
    const qs = next.toString();
    void navigate(`${pathname}${qs ? `?${qs}` : ''}`, { preventScrollReset: true });
  };

  return (
    <form method="get" action={pathname} className="flex items-center gap-2">
      {[...params.entries()].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id} className="sr-only text-sm font-semibold whitespace-nowrap text-muted sm:not-sr-only">
        Sort by
      </label>
      <div className="relative">
        <select
          id={id}
          name="sort"
          value={value ?? ''}
          onChange={onChange}
          className="h-11 cursor-pointer appearance-none rounded-full border border-linen bg-white py-2 pr-10 pl-4 text-sm font-semibold text-ink shadow-sm transition hover:border-brand focus-visible:border-brand"
        >
          {defaultLabel && <option value="">{defaultLabel}</option>}
          {SORT_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {SORT_LABELS[o]}
            </option>
          ))}
        </select>
        <SelectChevronIcon
          size={4}
          className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-muted"
        />
      </div>
      {!hydrated && (
        <button type="submit" className="h-11 rounded-full bg-ink px-4 text-sm font-semibold text-cream">
          Sort
        </button>
      )}
    </form>
  );
}
