// What every PDF of the shop shares (invoices, packing slips, address labels): pdfkit's built-in fonts, a buffer.
import PDFDocument from 'pdfkit';
import { RULE, type Pdf } from './invoice-table';

/** A new document and the bytes it will have once `pdf.end()` is called. */
export function openPdf(options: PDFKit.PDFDocumentOptions): { pdf: Pdf; done: Promise<Buffer> } {
  const pdf = new PDFDocument(options);
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
