import { formatRupees, type StockConflict, type StockField, type StockRow } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { cellName, wasName } from '~/lib/stock-form';

const FIELDS: { field: StockField; label: string; mode: 'decimal' | 'numeric' }[] = [
  { field: 'mrp', label: 'MRP (₹)', mode: 'decimal' },
  { field: 'selling_price', label: 'Price (₹)', mode: 'decimal' },
  { field: 'stock', label: 'Stock', mode: 'numeric' },
];

const cellClass =
  'w-full min-w-16 rounded-lg border border-linen bg-white px-2 py-2 text-right text-ink tabular-nums data-[changed]:border-mustard data-[changed]:bg-mustard/10 aria-[invalid=true]:border-brand-dark';

/**
 * Spreadsheet keys once scripts run: arrow keys and Enter move between the
 * cells (Enter would otherwise submit the form); left and right only when
 * the caret is at the text's edge. Changed cells are marked. Without
 * scripts it is a table of inputs that Tab walks through.
 */
function useGridKeys(table: React.RefObject<HTMLTableElement | null>) {
  useEffect(() => {
    const el = table.current;
    if (!el) return;
    const cell = (row: number, col: number) =>
      el.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
    const onKey = (e: KeyboardEvent) => {
      const input = e.target as HTMLInputElement;
      if (!input.dataset.col) return;
      const row = Number(input.dataset.row);
      const col = Number(input.dataset.col);
      const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
      const atEnd = input.selectionStart === input.value.length;
      const to =
        e.key === 'ArrowUp'
          ? cell(row - 1, col)
          : e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)
            ? cell(row + 1, col)
            : e.key === 'Enter'
              ? cell(row - 1, col)
              : e.key === 'ArrowLeft' && atStart
                ? cell(row, col - 1)
                : e.key === 'ArrowRight' && atEnd
                  ? cell(row, col + 1)
                  : undefined;
      if (to === undefined) return;
      if (e.key === 'Enter') e.preventDefault();
      if (!to) return;
      e.preventDefault();
      to.focus();
      to.select();
    };
    const onInput = (e: Event) => {
      const input = e.target as HTMLInputElement;
      if (!input.dataset.col) return;
      input.toggleAttribute('data-changed', input.value.trim() !== input.defaultValue.trim());
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('input', onInput);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('input', onInput);
    };
  }, [table]);
}

const shown = (_field: StockField, value: number) => String(value);

export function StockGrid({
  rows,
  canEdit,
  conflicts,
  posted,
  invalid,
}: {
  rows: StockRow[];
  canEdit: boolean;
  conflicts: StockConflict[];
  /** What was typed in cells of a refused save (shown again). */
  posted: Record<string, string>;
  invalid: string[];
}) {
  const table = useRef<HTMLTableElement>(null);
  useGridKeys(table);
  const conflictOf = new Map(conflicts.map((c) => [cellName(c.field, c.variant_id), c]));
  return (
    <div className="overflow-x-auto rounded-2xl border border-linen bg-white">
      <table ref={table} className="w-full border-collapse text-sm">
        <caption className="sr-only">Variants: prices and stock</caption>
        <thead className="bg-sand text-left text-ink">
          <tr>
            {canEdit && (
              <th scope="col" className="w-10 px-2 py-2">
                <span className="sr-only">Select</span>
              </th>
            )}
            <th scope="col" className="px-2 py-2">
              Piece
            </th>
            {FIELDS.map((f) => (
              <th key={f.field} scope="col" className="w-24 px-2 py-2 text-right">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen">
          {rows.map((r, row) => {
            const piece = `${r.product_name}, ${r.colour}, ${r.size}`;
            return (
              <tr key={r.variant_id} className={r.active && r.product_published ? '' : 'text-muted'}>
                {canEdit && (
                  <td className="px-2 py-2 align-top">
                    <input
                      type="checkbox"
                      name="pick"
                      value={r.variant_id}
                      aria-label={`Select ${piece}`}
                      className="size-5"
                    />
                  </td>
                )}
                <th scope="row" className="px-2 py-2 text-left align-top font-normal">
                  {/* The name once per product on the page: the rows below it are its sizes (phones stay short). */}
                  {rows[row - 1]?.product_id !== r.product_id && (
                    <span className="block font-semibold break-words text-ink">{r.product_name}</span>
                  )}
                  <span className="block text-xs text-muted">
                    {r.colour} · {r.size} · <span className="break-all">{r.sku}</span>
                    {!r.product_published && ' · unpublished'}
                    {r.selling_price < r.mrp && ` · ${Math.round((1 - r.selling_price / r.mrp) * 100)}% off`}
                  </span>
                </th>
                {FIELDS.map((f, col) => {
                  const name = cellName(f.field, r.variant_id);
                  const current = r[f.field];
                  const conflict = conflictOf.get(name);
                  const value = posted[name] ?? shown(f.field, current);
                  if (!canEdit) {
                    return (
                      <td key={f.field} className="px-2 py-2 text-right align-top tabular-nums">
                        {f.field === 'stock' ? current : formatRupees(current)}
                      </td>
                    );
                  }
                  const noteId = `${name}-note`;
                  return (
                    <td key={f.field} className="px-1 py-1 align-top">
                      <input type="hidden" name={wasName(f.field, r.variant_id)} value={String(current)} />
                      <input
                        key={`${name}:${current}:${value}`}
                        name={name}
                        type="text"
                        inputMode={f.mode}
                        autoComplete="off"
                        defaultValue={value}
                        aria-label={`${f.label.replace(' (₹)', '')} of ${piece}`}
                        aria-invalid={invalid.includes(name) || Boolean(conflict)}
                        aria-describedby={conflict ? noteId : undefined}
                        data-row={row}
                        data-col={col}
                        data-changed={value !== shown(f.field, current) ? '' : undefined}
                        className={cellClass}
                      />
                      {conflict && (
                        <span id={noteId} className="mt-1 block text-xs font-semibold text-brand-dark">
                          {f.field === 'stock'
                            ? `Now ${conflict.current}: a sale happened; check and save again`
                            : `Now ${formatRupees(conflict.current)}: changed meanwhile; check and save again`}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
