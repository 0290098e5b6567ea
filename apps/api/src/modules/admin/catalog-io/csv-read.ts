import { invalid } from '../../../lib/errors';

/**
 * Reads CSV as RFC 4180 writes it (and as spreadsheets save it): commas,
 * CRLF or LF, quoted fields with doubled quotes and line breaks inside. A
 * leading byte-order mark is dropped. Rows that are wholly empty are skipped;
 * each kept row carries its line number in the file.
 */
export function readCsv(text: string): { line: number; cells: string[] }[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
    i++;
  }
  if (quoted) throw invalid([`Line ${rowLine}: a quoted field is not closed`], 'The file is not valid CSV');
  if (cell !== '' || cells.length) endRow();
  return rows;
}

/** Undoes the export's formula guard: a leading apostrophe before = + - @ (lib/csv.ts). */
export const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
