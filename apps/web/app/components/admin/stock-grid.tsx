import { formatRupees, type StockConflict, type StockField, type StockRow } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { cellName, wasName } from '~/lib/stock-form';
import { DataTable, type ListColumn } from './data-table';

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
function useGridKeys(table: React.RefObject<HTMLDivElement | null>) {
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

/** A row of the grid with where it stands: its index (the keys' row) and whether it starts its product. */
type GridRow = StockRow & { index: number; firstOfProduct: boolean };

const pieceOf = (r: StockRow) => `${r.product_name}, ${r.colour}, ${r.size}`;

/**
 * The stock grid, drawn by the back office's one table: a table of inputs on
 * a wide screen, a card per variant on a phone (its MRP, price and stock side
 * by side). Every input is in the page once, inside the page's one form
 * (routes/admin/stock.tsx), so it saves the same without scripts.
 */
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
  const grid = useRef<HTMLDivElement>(null);
  useGridKeys(grid);
  const conflictOf = new Map(conflicts.map((c) => [cellName(c.field, c.variant_id), c]));
  const gridRows: GridRow[] = rows.map((r, index) => ({
    ...r,
    index,
    firstOfProduct: rows[index - 1]?.product_id !== r.product_id,
  }));

  const fieldColumn = (f: (typeof FIELDS)[number], col: number): ListColumn<GridRow> => ({
    id: f.field,
    header: f.label,
    card: 'field',
    className: 'w-24 text-right',
    cell: (r) => {
      const current = r[f.field];
      if (!canEdit)
        return <span className="tabular-nums">{f.field === 'stock' ? current : formatRupees(current)}</span>;
      const name = cellName(f.field, r.variant_id);
      const conflict = conflictOf.get(name);
      const value = posted[name] ?? shown(f.field, current);
      const noteId = `${name}-note`;
      return (
        <>
          <input type="hidden" name={wasName(f.field, r.variant_id)} value={String(current)} />
          <input
            key={`${name}:${current}:${value}`}
            name={name}
            type="text"
            inputMode={f.mode}
            autoComplete="off"
            defaultValue={value}
            aria-label={`${f.label.replace(' (₹)', '')} of ${pieceOf(r)}`}
            aria-invalid={invalid.includes(name) || Boolean(conflict)}
            aria-describedby={conflict ? noteId : undefined}
            data-row={r.index}
            data-col={col}
            data-changed={value !== shown(f.field, current) ? '' : undefined}
            className={cellClass}
          />
          {conflict && (
            <span id={noteId} className="mt-1 block text-left text-xs font-semibold text-brand-dark">
              {f.field === 'stock'
                ? `Now ${conflict.current}: a sale happened; check and save again`
                : `Now ${formatRupees(conflict.current)}: changed meanwhile; check and save again`}
            </span>
          )}
        </>
      );
    },
  });

  const columns: ListColumn<GridRow>[] = [
    {
      id: 'piece',
      header: 'Piece',
      card: 'title',
      rowHeader: true,
      cell: (r) => (
        <>
          {/* The name once per product on the page: the rows below it are its sizes (phones stay short). */}
          {r.firstOfProduct && <span className="block font-semibold break-words text-ink">{r.product_name}</span>}
          <span className="block text-xs font-normal text-muted">
            {r.colour} · {r.size} · <span className="break-all">{r.sku}</span>
            {!r.product_published && ' · unpublished'}
            {r.selling_price < r.mrp && ` · ${Math.round((1 - r.selling_price / r.mrp) * 100)}% off`}
          </span>
        </>
      ),
    },
    ...FIELDS.map(fieldColumn),
  ];

  return (
    <div ref={grid}>
      <DataTable
        formCells
        rows={gridRows}
        columns={columns}
        rowId={(r) => String(r.variant_id)}
        caption="Variants: prices and stock"
        empty="No variants match."
        rowClassName={(r) => (r.active && r.product_published ? '' : 'text-muted')}
        select={
          canEdit
            ? {
                form: 'stock-grid',
                name: 'pick',
                value: (r) => String(r.variant_id),
                label: (r) => `Select ${pieceOf(r)}`,
              }
            : undefined
        }
      />
    </div>
  );
}
