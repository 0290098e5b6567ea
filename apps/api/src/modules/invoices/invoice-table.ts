// The line-item table of a tax invoice: wrapping descriptions, page breaks with the header repeated.
import type PDFDocument from 'pdfkit';
import { formatIndianAmount, pdfSafeText } from './format';
import { chargedLines, type computeInvoice, type InvoiceLine } from './gst';

export type Pdf = InstanceType<typeof PDFDocument>;

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const INK = '#1f2933';
export const MUTED = '#5b6675';
export const RULE = '#c5cdd6';
const HEADER_FILL = '#e9edf2';
const TOTAL_FILL = '#f4f6f8';

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Draws wrapped text made safe for Helvetica at (x, y); returns its height. */
export function put(pdf: Pdf, text: string, x: number, y: number, width: number, style: TextStyle): number {
  const safe = pdfSafeText(text);
  pdf
    .font(style.bold ? FONT_BOLD : FONT)
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
  const height = pdf.heightOfString(safe, { width });
  pdf.text(safe, x, y, { width, align: style.align ?? 'left' });
  return height;
}

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: InvoiceLine, index: number) => string;
}

const PAD_X = 3;
const PAD_Y = 4;
const BODY_SIZE = 7.5;
const HEADER_SIZE = 7;
const MAX_DESCRIPTION = 400;

const pct = (rate: number): string => `${rate}%`;
const amount = formatIndianAmount;

function columns(intraState: boolean, discounted: boolean, width: number): Column[] {
  const start: Column[] = [
    { header: 'S.No', width: 24, align: 'center', cell: (_l, i) => String(i + 1) },
    { header: 'Description', width: 0, align: 'left', cell: (l) => l.description },
    { header: 'HSN/SAC', width: 40, align: 'center', cell: (l) => l.hsn },
    { header: 'Qty', width: 22, align: 'right', cell: (l) => String(l.quantity) },
    { header: 'Rate (incl. GST)', width: 52, align: 'right', cell: (l) => amount(l.unitPricePaise) },
    // Only on an invoice with a discount: the taxable value is that of the price after it.
    ...(discounted
      ? [{ header: 'Discount', width: 48, align: 'right', cell: (l) => amount(l.discountPaise) } as Column]
      : []),
    { header: 'Taxable Value', width: 56, align: 'right', cell: (l) => amount(l.taxablePaise) },
  ];
  const taxes: Column[] = intraState
    ? [
        { header: 'CGST %', width: 34, align: 'center', cell: (l) => pct(l.ratePercent / 2) },
        { header: 'CGST', width: 46, align: 'right', cell: (l) => amount(l.cgstPaise) },
        { header: 'SGST %', width: 34, align: 'center', cell: (l) => pct(l.ratePercent / 2) },
        { header: 'SGST', width: 46, align: 'right', cell: (l) => amount(l.sgstPaise) },
      ]
    : [
        { header: 'IGST %', width: 34, align: 'center', cell: (l) => pct(l.ratePercent) },
        { header: 'IGST', width: 58, align: 'right', cell: (l) => amount(l.igstPaise) },
      ];
  const all = [
    ...start,
    ...taxes,
    { header: 'Total', width: 58, align: 'right', cell: (l) => amount(l.grossPaise) } as Column,
  ];
  const fixed = all.reduce((sum, c) => sum + c.width, 0);
  all[1]!.width = width - fixed;
  return all;
}

/** A one-line cell; numbers that would not fit are drawn smaller rather than wrapped. */
function cellText(pdf: Pdf, text: string, x: number, y: number, col: Column, bold: boolean): void {
  const inner = col.width - 2 * PAD_X;
  pdf.font(bold ? FONT_BOLD : FONT).fontSize(BODY_SIZE);
  const natural = pdf.widthOfString(text);
  const size = natural > inner ? (BODY_SIZE * inner * 0.98) / natural : BODY_SIZE;
  pdf.fontSize(size).fillColor(INK);
  pdf.text(text, x + PAD_X, y + PAD_Y + (BODY_SIZE - size) / 2, { width: inner, align: col.align, lineBreak: false });
}

export interface TableLayout {
  calc: ReturnType<typeof computeInvoice>;
  intraState: boolean;
  number: string;
  left: number;
  /** Where the table continues on a new page. */
  top: number;
  width: number;
  /** The lowest y content may reach on the current page. */
  bottom: () => number;
  /** Where the table starts on the first page. */
  y: number;
}

/** Draws the items, the shipping and COD fee lines and a totals row; returns the y below the table. */
export function drawTable(pdf: Pdf, t: TableLayout): number {
  const rows = chargedLines(t.calc);
  const cols = columns(
    t.intraState,
    rows.some((l) => l.discountPaise > 0),
    t.width,
  );
  const xs: number[] = [];
  cols.reduce((x, c) => (xs.push(x), x + c.width), t.left);
  const x = (i: number) => xs[i]!;

  const header = (y: number): number => {
    pdf.font(FONT_BOLD).fontSize(HEADER_SIZE);
    const h = Math.max(...cols.map((c) => pdf.heightOfString(c.header, { width: c.width - 2 * PAD_X }))) + 2 * PAD_Y;
    pdf.save().rect(t.left, y, t.width, h).fill(HEADER_FILL).restore();
    cols.forEach((c, i) => {
      const textH = pdf.heightOfString(c.header, { width: c.width - 2 * PAD_X });
      pdf
        .fillColor(INK)
        .text(c.header, x(i) + PAD_X, y + (h - textH) / 2, { width: c.width - 2 * PAD_X, align: c.align });
    });
    return y + h;
  };

  const descWidth = cols[1]!.width - 2 * PAD_X;
  const measure = (line: InvoiceLine): { desc: string; sku: string; h: number } => {
    const full = pdfSafeText(line.description);
    const desc = full.length > MAX_DESCRIPTION ? `${full.slice(0, MAX_DESCRIPTION - 3)}...` : full;
    const sku = line.sku ? pdfSafeText(`SKU: ${line.sku}`) : '';
    const descH = pdf.font(FONT).fontSize(8).heightOfString(desc, { width: descWidth });
    const skuH = sku ? pdf.fontSize(7).heightOfString(sku, { width: descWidth }) + 1 : 0;
    return { desc, sku, h: Math.max(descH + skuH, BODY_SIZE + 2) + 2 * PAD_Y };
  };

  let y = header(t.y);
  const ensure = (h: number): void => {
    if (y + h <= t.bottom()) return;
    pdf.addPage();
    y = t.top;
    y += put(pdf, `Invoice ${t.number} (continued)`, t.left, y, t.width, { size: 8, color: MUTED }) + 4;
    y = header(y);
  };

  rows.forEach((line, index) => {
    const m = measure(line);
    ensure(m.h);
    cols.forEach((c, i) => {
      if (i !== 1) cellText(pdf, c.cell(line, index), x(i), y, c, false);
    });
    pdf
      .font(FONT)
      .fontSize(8)
      .fillColor(INK)
      .text(m.desc, x(1) + PAD_X, y + PAD_Y, { width: descWidth });
    if (m.sku)
      pdf
        .fontSize(7)
        .fillColor(MUTED)
        .text(m.sku, x(1) + PAD_X, pdf.y + 1, { width: descWidth });
    y += m.h;
    pdf
      .save()
      .moveTo(t.left, y)
      .lineTo(t.left + t.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
  });

  const totals = t.calc.totals;
  const totalCells = new Map<string, string>([
    ['Description', 'Total'],
    ['Discount', amount(rows.reduce((sum, l) => sum + l.discountPaise, 0))],
    ['Taxable Value', amount(totals.taxablePaise)],
    ['CGST', amount(totals.cgstPaise)],
    ['SGST', amount(totals.sgstPaise)],
    ['IGST', amount(totals.igstPaise)],
    ['Total', amount(totals.grossPaise)],
  ]);
  const h = BODY_SIZE + 2 + 2 * PAD_Y;
  ensure(h);
  pdf.save().rect(t.left, y, t.width, h).fill(TOTAL_FILL).restore();
  cols.forEach((c, i) => {
    const text = totalCells.get(c.header);
    if (text) cellText(pdf, text, x(i), y, c, true);
  });
  y += h;
  pdf
    .save()
    .moveTo(t.left, y)
    .lineTo(t.left + t.width, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
    .restore();
  return y;
}
