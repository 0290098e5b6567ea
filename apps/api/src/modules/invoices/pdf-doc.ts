// What every PDF of the shop shares (invoices, packing slips, address labels): pdfkit's built-in fonts, a buffer.
import type PDFDocument from 'pdfkit';
import { RULE, type Pdf } from './invoice-table';

let loading: Promise<typeof PDFDocument> | undefined;

/**
 * pdfkit, loaded with the first PDF rather than at the start: it brings fontkit and its tables
 * (about 6 MB of JavaScript heap) that a shop only needs when an invoice or a slip is drawn
 * (docs/benchmarks.md 'Memory on the embedded database').
 */
const loadPdfKit = (): Promise<typeof PDFDocument> => (loading ??= import('pdfkit').then((m) => m.default));

/** A new document and the bytes it will have once `pdf.end()` is called. */
export async function openPdf(options: PDFKit.PDFDocumentOptions): Promise<{ pdf: Pdf; done: Promise<Buffer> }> {
  const PDFKitDocument = await loadPdfKit();
  const pdf = new PDFKitDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** A horizontal rule. */
export function rule(pdf: Pdf, x: number, y: number, width: number, color = RULE, lineWidth = 0.75): void {
  pdf
    .save()
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(lineWidth)
    .strokeColor(color)
    .stroke()
    .restore();
}
