import { createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { Link } from 'react-router';

/**
 * The back office's one list: a table on a wide screen and cards on a phone,
 * both drawn from the same columns. The server renders it; rows lead by plain
 * links, and ticks join a form elsewhere on the page by its id (`form`
 * attribute), so selection and bulk actions post without scripts. A grid of
 * inputs (`formCells`) is drawn once, as a table whose rows become cards
 * below the breakpoint: a form must hold each input once, or it would send
 * the hidden copy's value too.
 */

/**
 * Where a column shows on a phone card: a picture at its left, the title line (left, right), lines under it,
 * the foot line (left, right), side by side under its heading (`field`: an input of a form grid), or not at all.
 */
export type CardSlot = 'media' | 'title' | 'badge' | 'line' | 'foot' | 'end' | 'field' | 'hidden';

export interface ListColumn<T> {
  id: string;
  /** The table's column heading; `srHeader` keeps it for screen readers only. */
  header: string;
  srHeader?: boolean;
  cell: (row: T) => React.ReactNode;
  /** The table cell is the row's link (cards are links as a whole). */
  link?: boolean;
  /** The cell names its row for screen readers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Where the card shows it, and how when the card says it differently from the table. */
  card: CardSlot;
  cardCell?: (row: T) => React.ReactNode;
  /** Extra classes for the table cell (alignment, width, wrapping). */
  className?: string;
}

export interface Selection<T> {
  /** The id of the form the ticks belong to. */
  form: string;
  name?: string;
  value: (row: T) => string;
  label: (row: T) => string;
}

const columnMeta: { className?: string; srHeader?: boolean; rowHeader?: boolean } = {};
const features = tableFeatures({ columnMeta });

const BREAK = {
  md: { cards: 'md:hidden', table: 'hidden md:block' },
  lg: { cards: 'lg:hidden', table: 'hidden lg:block' },
  /** Cards at every width (a narrow column of a detail page). */
  never: { cards: '', table: '' },
} as const;

/**
 * A form grid's one table, restyled as cards below the breakpoint: each row a
 * card, its cells by their slot (a tick in the card's corner, the title and
 * lines across it, fields side by side under their headings).
 */
const FORM_CARDS = {
  md: {
    box: 'max-md:overflow-visible max-md:rounded-none max-md:border-0 max-md:bg-transparent',
    table: 'max-md:block',
    head: 'max-md:sr-only',
    body: 'max-md:grid max-md:gap-3 max-md:divide-y-0',
    row: 'max-md:relative max-md:flex max-md:flex-wrap max-md:items-start max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-2xl max-md:border max-md:border-linen max-md:bg-white max-md:p-4 max-md:shadow-xs',
    ticked: 'max-md:pl-12',
    tick: 'max-md:absolute max-md:top-4 max-md:left-4 max-md:p-0',
    cell: 'max-md:block max-md:p-0',
    label: 'md:hidden',
    slot: {
      media: 'max-md:shrink-0',
      title: 'max-md:basis-full max-md:font-bold',
      badge: 'max-md:shrink-0',
      line: 'max-md:basis-full',
      foot: 'max-md:text-muted',
      end: 'max-md:ml-auto',
      field: 'max-md:min-w-0 max-md:flex-1 max-md:basis-0',
      hidden: 'max-md:hidden',
    },
  },
  lg: {
    box: 'max-lg:overflow-visible max-lg:rounded-none max-lg:border-0 max-lg:bg-transparent',
    table: 'max-lg:block',
    head: 'max-lg:sr-only',
    body: 'max-lg:grid max-lg:gap-3 max-lg:divide-y-0',
    row: 'max-lg:relative max-lg:flex max-lg:flex-wrap max-lg:items-start max-lg:gap-x-3 max-lg:gap-y-2 max-lg:rounded-2xl max-lg:border max-lg:border-linen max-lg:bg-white max-lg:p-4 max-lg:shadow-xs',
    ticked: 'max-lg:pl-12',
    tick: 'max-lg:absolute max-lg:top-4 max-lg:left-4 max-lg:p-0',
    cell: 'max-lg:block max-lg:p-0',
    label: 'lg:hidden',
    slot: {
      media: 'max-lg:shrink-0',
      title: 'max-lg:basis-full max-lg:font-bold',
      badge: 'max-lg:shrink-0',
      line: 'max-lg:basis-full',
      foot: 'max-lg:text-muted',
      end: 'max-lg:ml-auto',
      field: 'max-lg:min-w-0 max-lg:flex-1 max-lg:basis-0',
      hidden: 'max-lg:hidden',
    },
  },
} as const;

export const cardBox = 'block rounded-2xl border border-linen bg-white p-4 shadow-xs hover:border-muted/50';

function Tick<T extends RowData>({ row, select }: { row: T; select: Selection<T> }) {
  return (
    <input
      type="checkbox"
      name={select.name ?? 'ids'}
      value={select.value(row)}
      form={select.form}
      aria-label={select.label(row)}
      className="size-5 accent-brand-dark"
    />
  );
}

export function DataTable<T extends RowData>({
  rows,
  columns,
  rowId,
  href,
  caption,
  empty,
  select,
  cardsBelow = 'md',
  cardFoot,
  rowClassName,
  formCells = false,
}: {
  rows: T[];
  columns: ListColumn<T>[];
  rowId: (row: T) => string;
  /** Where a row leads; without it the cards are plain boxes (their own buttons inside). */
  href?: (row: T) => string;
  caption: string;
  empty: string;
  select?: Selection<T>;
  cardsBelow?: keyof typeof BREAK;
  /** Something below a card's lines that is not a column (a row's own form). */
  cardFoot?: (row: T) => React.ReactNode;
  /** Classes of a row, in the table and on its card (a muted or a bold row). */
  rowClassName?: (row: T) => string;
  /** The cells hold a form's inputs: one table, its rows cards below the breakpoint (`md` or `lg`). */
  formCells?: boolean;
}) {
  const helper = createColumnHelper<typeof features, T>();
  const table = useTable<typeof features, T>({
    features,
    data: rows,
    getRowId: rowId,
    columns: columns.map((c) =>
      helper.display({
        id: c.id,
        header: c.header,
        cell: ({ row }) => {
          const content = c.cell(row.original);
          return c.link && href ? (
            <Link to={href(row.original)} className="font-bold text-brand-dark underline-offset-4 hover:underline">
              {content}
            </Link>
          ) : (
            content
          );
        },
        meta: { className: c.className, srHeader: c.srHeader, rowHeader: c.rowHeader },
      }),
    ),
  });
  if (rows.length === 0) return <p className="rounded-2xl border border-linen bg-white p-6 text-muted">{empty}</p>;
  const bp = BREAK[cardsBelow];
  if (formCells) {
    const fc = FORM_CARDS[cardsBelow === 'lg' ? 'lg' : 'md'];
    const slotOf = new Map(columns.map((c) => [c.id, c]));
    return (
      <div className={`overflow-x-auto rounded-2xl border border-linen bg-white ${fc.box}`}>
        <table className={`w-full border-collapse text-sm ${fc.table}`}>
          <caption className="sr-only">{caption}</caption>
          <thead className={`bg-sand text-left text-ink ${fc.head}`}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {select && (
                  <th scope="col" className="w-10 px-2 py-2">
                    <span className="sr-only">Select</span>
                  </th>
                )}
                {group.headers.map((h) => {
                  const meta = h.column.columnDef.meta;
                  return (
                    <th key={h.id} scope="col" className={`px-2 py-2 ${meta?.className ?? ''}`}>
                      <span className={meta?.srHeader ? 'sr-only' : undefined}>
                        <table.FlexRender header={h} />
                      </span>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={`divide-y divide-linen ${fc.body}`}>
            {table.getRowModel().rows.map((r) => (
              <tr key={r.id} className={`${fc.row} ${select ? fc.ticked : ''} ${rowClassName?.(r.original) ?? ''}`}>
                {select && (
                  <td className={`px-2 py-2 align-top ${fc.tick}`}>
                    <Tick row={r.original} select={select} />
                  </td>
                )}
                {r.getAllCells().map((cell) => {
                  const column = slotOf.get(cell.column.id)!;
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={cell.id}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={`px-2 py-2 align-top ${column.rowHeader ? 'text-left font-normal' : ''} ${column.className ?? ''} ${fc.cell} ${fc.slot[column.card]}`}
                    >
                      {column.card === 'field' && (
                        <span className={`mb-1 block text-xs text-muted ${fc.label}`}>{column.header}</span>
                      )}
                      <table.FlexRender cell={cell} />
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const inCard = (slot: CardSlot, row: T) =>
    columns.filter((c) => c.card === slot).map((c) => <span key={c.id}>{(c.cardCell ?? c.cell)(row)}</span>);
  const card = (row: T) => {
    const [media, foot, end] = [inCard('media', row), inCard('foot', row), inCard('end', row)];
    const lines = (
      <>
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-bold break-words text-ink">{inCard('title', row)}</span>
          {inCard('badge', row)}
        </span>
        {columns
          .filter((c) => c.card === 'line' || c.card === 'field')
          .map(
            (c) =>
              [
                c.id,
                c.card === 'field' ? (
                  <>
                    {c.header} {(c.cardCell ?? c.cell)(row)}
                  </>
                ) : (
                  (c.cardCell ?? c.cell)(row)
                ),
              ] as const,
          )
          .filter(([, content]) => content !== '' && content !== null && content !== false)
          .map(([id, content]) => (
            <span key={id} className="mt-1 block text-sm wrap-anywhere text-ink">
              {content}
            </span>
          ))}
        {(foot.length > 0 || end.length > 0) && (
          <span className="mt-2 flex flex-wrap justify-between gap-x-3 gap-y-1 text-sm text-muted">
            <span className="flex flex-wrap gap-x-3">{foot}</span>
            <span className="ml-auto font-semibold text-ink">{end}</span>
          </span>
        )}
      </>
    );
    const body =
      media.length > 0 ? (
        <span className="flex gap-3">
          {media}
          <span className="min-w-0 flex-1">{lines}</span>
        </span>
      ) : (
        lines
      );
    return href ? (
      <Link to={href(row)} className={`${cardBox} min-w-0 flex-1 ${rowClassName?.(row) ?? ''}`}>
        {body}
      </Link>
    ) : (
      <div className={`${cardBox} min-w-0 flex-1 ${rowClassName?.(row) ?? ''}`}>
        {body}
        {cardFoot?.(row)}
      </div>
    );
  };
  return (
    <>
      <ul className={`grid grid-cols-1 gap-3 ${bp.cards}`}>
        {table.getRowModel().rows.map((r) => (
          <li key={r.id} className="flex items-start gap-3">
            {select && (
              <span className="pt-5">
                <Tick row={r.original} select={select} />
              </span>
            )}
            {card(r.original)}
          </li>
        ))}
      </ul>
      {cardsBelow !== 'never' && (
        <div className={`overflow-x-auto rounded-2xl border border-linen bg-white ${bp.table}`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-linen bg-sand/60 text-xs tracking-wide text-muted uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {select && (
                    <th scope="col" className="w-10 px-4 py-3">
                      <span className="sr-only">Select</span>
                    </th>
                  )}
                  {group.headers.map((h) => {
                    const meta = h.column.columnDef.meta;
                    return (
                      <th key={h.id} scope="col" className={`px-4 py-3 ${meta?.className ?? ''}`}>
                        {meta?.srHeader ? (
                          <span className="sr-only">
                            <table.FlexRender header={h} />
                          </span>
                        ) : (
                          <table.FlexRender header={h} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-linen">
              {table.getRowModel().rows.map((r) => (
                <tr key={r.id} className={`align-top hover:bg-cream ${rowClassName?.(r.original) ?? ''}`}>
                  {select && (
                    <td className="px-4 py-3">
                      <Tick row={r.original} select={select} />
                    </td>
                  )}
                  {r.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const Cell = meta?.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={cell.id}
                        scope={meta?.rowHeader ? 'row' : undefined}
                        className={`px-4 py-3 ${meta?.rowHeader ? 'text-left font-normal' : ''} ${meta?.className ?? ''}`}
                      >
                        <table.FlexRender cell={cell} />
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
