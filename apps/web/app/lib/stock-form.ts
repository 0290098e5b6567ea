import { type StockChange, type StockField, type StockFilter } from '@shop/contract';

/**
 * The stock grid as one plain form (it works without scripts): each cell is
 * `<field>:<variant>` and carries the value the grid showed in
 * `was:<field>:<variant>`. Only the cells whose value differs from what was
 * shown are sent to the API, each with that value as its `expected` one.
 */
export const cellName = (field: StockField, id: number) => `${field}:${id}`;
export const wasName = (field: StockField, id: number) => `was:${field}:${id}`;

/** A number as typed ("1,299.50", " 12 "); NaN when it is none (the API says why). */
const typed = (text: string): number => {
  const clean = text.replace(/[,₹\s]/g, '');
  return clean === '' ? Number.NaN : Number(clean);
};

export interface ChangedCells {
  changes: StockChange[];
  /** What was typed in each changed cell, shown again after a refusal. */
  posted: Record<string, string>;
  /** Cells that hold no number. */
  notNumbers: string[];
}

export function changedCells(form: FormData): ChangedCells {
  const changes: StockChange[] = [];
  const posted: Record<string, string> = {};
  const notNumbers: string[] = [];
  for (const [name, raw] of form) {
    const match = /^(stock|mrp|selling_price):(\d{1,10})$/.exec(name);
    if (!match || typeof raw !== 'string') continue;
    const field = match[1] as StockField;
    const id = Number(match[2]);
    const was = form.get(wasName(field, id));
    if (typeof was !== 'string' || raw.trim() === was.trim()) continue;
    const value = typed(raw);
    const expected = Number(was);
    if (value === expected) continue;
    posted[name] = raw;
    if (Number.isNaN(value)) notNumbers.push(name);
    else changes.push({ variant_id: id, field, expected, value });
  }
  return { changes, posted, notNumbers };
}

export const STOCK_FILTER_KEYS = ['q', 'category', 'collection', 'stock'] as const;

/** The grid's filters from a query string or the form's hidden copies (empty ones left out). */
export function filterOf(read: (key: string) => string | null): StockFilter {
  const filter: Record<string, string | number> = {};
  for (const key of STOCK_FILTER_KEYS) {
    const value = read(key)?.trim();
    if (!value) continue;
    filter[key] = key === 'category' || key === 'collection' ? Number(value) : value;
  }
  return filter;
}
