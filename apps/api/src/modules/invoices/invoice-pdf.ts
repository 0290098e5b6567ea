// Renders a GST tax invoice as an A4 PDF with pdfkit's built-in Helvetica (no font files).
import { formatRupees } from './format';
import { formatIndianDate, stateWithCode } from '@shop/contract';
import { amountInWords, computeInvoice, type InvoiceLineInput } from './gst';
import { drawTable, FONT, INK, MUTED, put, type Pdf } from './invoice-table';
import { openPdf, rule } from './pdf-doc';

export interface InvoiceDocument {
  /** 'TAX INVOICE' unless told ('CREDIT NOTE', with the invoice it reduces). */
  title?: string;
  against?: string;
  number: string;
  date: Date;
  orderId: number;
  paymentId: string | null;
  /** Store credit spent on the order: a way it was paid, said beside the payment (the totals are unchanged). */
  creditPaise?: number;
  seller: { legalName: string; address: string; state: string; gstin: string; email: string; phone: string };
  buyer: {
    name: string;
    phone: string;
    address: string;
    locality: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
    email: string;
  };
  /** The delivery state is the seller's state: CGST + SGST instead of IGST. */
  intraState: boolean;
  lines: InvoiceLineInput[];
  shippingPaise: number;
  /** What a free-shipping code waived of the shipping. */
  shippingDiscountPaise?: number;
  /** The cash-on-delivery fee, its own line. */
  codFeePaise?: number;
  /** The discount code the order used, named under the table. */
  discountCode?: string | null;
}

const MARGIN = 36;

/** 'TAX INVOICE' → 'Tax Invoice'. */
const kindOf = (doc: InvoiceDocument) =>
  (doc.title ?? 'TAX INVOICE').toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const calc = computeInvoice(doc.lines, doc.shippingPaise, doc.intraState, doc.shippingDiscountPaise, doc.codFeePaise);
  const { pdf, done } = await openPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // Given at construction: pdfkit derives the file ID from the info, so the same input gives the same bytes.
    info: {
      Title: `${kindOf(doc)} ${doc.number}`,
      Author: doc.seller.legalName,
      Subject: `Tax invoice for order ${doc.orderId}`,
      Creator: doc.seller.legalName,
      Producer: 'PDFKit',
      CreationDate: doc.date,
      ModDate: doc.date,
    },
  });

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - 18; // room for the page footer

  let y = drawHeader(pdf, doc, left, width);
  y = drawParties(pdf, doc, left, y, width);
  y = drawTable(pdf, { calc, intraState: doc.intraState, number: doc.number, left, top: MARGIN, width, bottom, y });
  y = drawSummary(pdf, doc, calc.totals, left, y + 14, width, bottom);
  drawNotes(pdf, doc, left, y + 16, width, bottom);
  drawFooters(pdf, doc, left, width);
  pdf.end();
  return done;
}

function drawHeader(pdf: Pdf, doc: InvoiceDocument, left: number, width: number): number {
  const sellerWidth = 300;
  let y = MARGIN;
  y += put(pdf, doc.seller.legalName, left, y, sellerWidth, { size: 14, bold: true }) + 3;
  y += put(pdf, doc.seller.address, left, y, sellerWidth, { size: 8.5, color: MUTED }) + 2;
  y += put(pdf, `GSTIN: ${doc.seller.gstin}`, left, y, sellerWidth, { size: 8.5, bold: true }) + 1;
  y += put(pdf, `State: ${stateWithCode(doc.seller.state)}`, left, y, sellerWidth, { size: 8.5 }) + 1;
  y += put(pdf, `${doc.seller.email}  |  ${doc.seller.phone}`, left, y, sellerWidth, { size: 8.5, color: MUTED });

  const titleX = left + sellerWidth + 20;
  const titleWidth = width - sellerWidth - 20;
  let ty = MARGIN;
  const title = doc.title ?? 'TAX INVOICE';
  ty += put(pdf, title, titleX, ty, titleWidth, { size: 18, bold: true, align: 'right' }) + 2;
  const sub = doc.against ? `Against invoice ${doc.against}` : 'Original for Recipient';
  ty += put(pdf, sub, titleX, ty, titleWidth, { size: 8, color: MUTED, align: 'right' });

  y = Math.max(y, ty) + 10;
  rule(pdf, left, y, width, INK, 1.25);
  return y + 12;
}

function drawParties(pdf: Pdf, doc: InvoiceDocument, left: number, top: number, width: number): number {
  const b = doc.buyer;
  const buyerWidth = 250;
  let y = top;
  y += put(pdf, 'BILLING / SHIPPING ADDRESS', left, y, buyerWidth, { size: 7.5, bold: true, color: MUTED }) + 4;
  y += put(pdf, b.name, left, y, buyerWidth, { size: 10, bold: true }) + 2;
  const addressLines = [
    b.address,
    b.locality,
    `${b.city} - ${b.pincode}`,
    `${b.state}, ${b.country}`,
    `Phone: ${b.phone}`,
    b.email ? `Email: ${b.email}` : '',
  ];
  for (const line of addressLines.filter((l) => l.trim() !== '')) {
    y += put(pdf, line, left, y, buyerWidth, { size: 8.5 }) + 1;
  }

  const metaX = left + buyerWidth + 30;
  const labelWidth = 82;
  const valueWidth = width - buyerWidth - 30 - labelWidth;
  const placeOfSupply = b.country === 'India' ? stateWithCode(b.state) : `${b.state}, ${b.country}`;
  const meta: [string, string][] = [
    [`${doc.against ? 'Credit Note' : 'Invoice'} No.:`, doc.number],
    [`${doc.against ? 'Credit Note' : 'Invoice'} Date:`, formatIndianDate(doc.date)],
    ['Order ID:', String(doc.orderId)],
    ['Payment ID:', doc.paymentId ?? '-'],
    ...(doc.creditPaise ? [['Store credit:', formatRupees(doc.creditPaise)] as [string, string]] : []),
    ['Place of Supply:', placeOfSupply],
    ['Supply Type:', doc.intraState ? 'Intra-state (CGST + SGST)' : 'Inter-state (IGST)'],
    ['Reverse Charge:', 'No'],
  ];
  let my = top;
  for (const [label, value] of meta) {
    put(pdf, label, metaX, my, labelWidth, { size: 8.5, color: MUTED });
    my += put(pdf, value, metaX + labelWidth, my, valueWidth, { size: 8.5, bold: true }) + 3;
  }
  return Math.max(y, my) + 14;
}

function drawSummary(
  pdf: Pdf,
  doc: InvoiceDocument,
  totals: ReturnType<typeof computeInvoice>['totals'],
  left: number,
  top: number,
  width: number,
  bottom: () => number,
): number {
  const rows: [string, number][] = doc.intraState
    ? [
        ['Taxable Value', totals.taxablePaise],
        ['CGST', totals.cgstPaise],
        ['SGST', totals.sgstPaise],
      ]
    : [
        ['Taxable Value', totals.taxablePaise],
        ['IGST', totals.igstPaise],
      ];
  const boxWidth = 230;
  const boxX = left + width - boxWidth;
  const wordsWidth = width - boxWidth - 24;
  const words = amountInWords(totals.grossPaise);
  pdf.font(FONT).fontSize(9);
  const wordsHeight = 14 + pdf.heightOfString(words, { width: wordsWidth });
  const needed = Math.max(rows.length * 15 + 30, wordsHeight);
  let y = top;
  if (y + needed > bottom()) {
    pdf.addPage();
    y = MARGIN;
  }

  let wy = y;
  wy += put(pdf, 'AMOUNT IN WORDS', left, wy, wordsWidth, { size: 7.5, bold: true, color: MUTED }) + 4;
  wy += put(pdf, words, left, wy, wordsWidth, { size: 9 });

  let sy = y;
  for (const [label, paise] of rows) {
    put(pdf, label, boxX, sy, 120, { size: 9, color: MUTED });
    sy += put(pdf, formatRupees(paise), boxX + 110, sy, boxWidth - 110, { size: 9, align: 'right' }) + 5;
  }
  rule(pdf, boxX, sy, boxWidth, INK, 1);
  sy += 6;
  put(pdf, 'Grand Total', boxX, sy, 110, { size: 11, bold: true });
  sy += put(pdf, formatRupees(totals.grossPaise), boxX + 100, sy, boxWidth - 100, {
    size: 11,
    bold: true,
    align: 'right',
  });
  sy += 4;
  rule(pdf, boxX, sy, boxWidth, INK, 1);
  return Math.max(wy, sy);
}

function drawNotes(
  pdf: Pdf,
  doc: InvoiceDocument,
  left: number,
  top: number,
  width: number,
  bottom: () => number,
): void {
  const notes = [
    ...(doc.discountCode
      ? [`Discount code ${doc.discountCode}: each line is taxed on its price after the discount.`]
      : []),
    'Prices are inclusive of GST.',
    'Tax payable on reverse charge: No.',
    'All amounts are in Indian Rupees (Rs.).',
    'This is a computer-generated invoice and does not need a signature.',
  ];
  let y = top;
  if (y + 80 > bottom()) {
    pdf.addPage();
    y = MARGIN;
  }
  rule(pdf, left, y, width);
  y += 8;
  for (const note of notes) y += put(pdf, note, left, y, width, { size: 8, color: MUTED }) + 2;
  y += 12;
  put(pdf, `Thank you for choosing handcrafted clothing from ${doc.seller.legalName}.`, left, y, width, {
    size: 8.5,
    align: 'center',
  });
}

function drawFooters(pdf: Pdf, doc: InvoiceDocument, left: number, width: number): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    pdf.page.margins.bottom = 0; // writing inside the bottom margin must not add a page
    const y = pdf.page.height - MARGIN + 6;
    rule(pdf, left, y - 6, width);
    put(pdf, `${doc.seller.legalName}  |  GSTIN ${doc.seller.gstin}  |  Invoice ${doc.number}`, left, y, width, {
      size: 7,
      color: MUTED,
    });
    put(pdf, `Page ${i + 1} of ${range.count}`, left, y, width, { size: 7, color: MUTED, align: 'right' });
  }
}
