/**
 * CSV as spreadsheets read it (RFC 4180): fields joined by commas, rows ended
 * by CRLF, a field quoted when it holds a comma, a quote, a line break or
 * edge spaces, its quotes doubled. Text that a spreadsheet would run as a
 * formula (=, +, -, @, a tab or CR first) is written with a leading
 * apostrophe: a shopper's name is never a formula (docs/back-office.md 'Reports').
 */
export type Cell = string | number | null | undefined | { paise: number };

/** A money column: paise written as rupees with two decimals ('1050.00', '-12.50'). */
export const money = (paise: number) => ({ paise });

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return (value.paise / 100).toFixed(2);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A byte-order mark first, so a spreadsheet opens the file as UTF-8 (names, ₹). */
export const CSV_BOM = '\uFEFF';

const IST_OFFSET_MS = 330 * 60 * 1000;

/** A moment as the shop's owner reads it: 'YYYY-MM-DD HH:MM' in India time. */
export function istStamp(date: Date | null): string {
  if (!date) return '';
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
