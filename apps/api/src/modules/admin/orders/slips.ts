// Packing slips (A4) and address labels (4×6 in thermal), one order a page, many in one file,
// drawn with the invoice's pdfkit helpers (invoices/pdf-doc.ts, invoice-table.ts).
import type { Shipment } from '@shop/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { orderLines, orders } from '../../orders/orders.schema';
import { notFound } from '../../../lib/errors';
import { FONT_BOLD, INK, MUTED, put, type Pdf } from '../../invoices/invoice-table';
import { openPdf, rule } from '../../invoices/pdf-doc';
import { sellerOf } from '../../settings/settings.service';
import { shipmentsOf, shippedPieces } from '../../orders/shipments';

export type SlipKind = 'slip' | 'label';

type OrderRow = typeof orders.$inferSelect;
/** What a slip lists of a line: all its pieces, or a shipment's. */
type LineRow = Pick<typeof orderLines.$inferSelect, 'name' | 'size' | 'color' | 'sku' | 'quantity'>;

interface Shop {
  name: string;
  legalName: string;
  address: string;
  phone: string;
}

const addressLines = (o: OrderRow) => [
  o.name,
  o.address,
  o.locality,
  `${o.city} ${o.pincode}`,
  `${o.state}, ${o.country}`,
  `Phone ${o.phone}`,
];

const day = (d: Date) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(d);

function drawSlip(pdf: Pdf, shop: Shop, o: OrderRow, lines: LineRow[], parcel?: Shipment) {
  const left = 48;
  const width = pdf.page.width - 96;
  let y = 48;
  y += put(pdf, shop.name, left, y, width / 2, { size: 18, bold: true }) + 2;
  y += put(pdf, shop.address, left, y, width / 2, { size: 9, color: MUTED });
  put(pdf, 'PACKING SLIP', left + width / 2, 48, width / 2, { size: 16, bold: true, align: 'right' });
  put(pdf, `Order #${o.id} · ${day(o.createdAt)}`, left + width / 2, 70, width / 2, { size: 10, align: 'right' });
  put(pdf, `${o.shippingType} shipping`, left + width / 2, 84, width / 2, { size: 10, color: MUTED, align: 'right' });
  if (parcel) {
    const tracking = [parcel.carrier, parcel.tracking_number].filter(Boolean).join(' ') || parcel.tracking_url;
    put(pdf, `Shipment ${parcel.id} · ${tracking}`, left + width / 2, 98, width / 2, { size: 9, align: 'right' });
  }
  y = Math.max(y, parcel ? 114 : 100) + 12;
  rule(pdf, left, y, width, INK, 1);
  y += 14;
  put(pdf, 'SHIP TO', left, y, width, { size: 9, bold: true, color: MUTED });
  y += 14;
  for (const line of addressLines(o)) y += put(pdf, line, left, y, width, { size: 11 }) + 1;
  y += 16;
  const cols = [
    { header: 'Item', x: left, w: width - 250 },
    { header: 'Size', x: left + width - 250, w: 60 },
    { header: 'Colour', x: left + width - 190, w: 70 },
    { header: 'SKU', x: left + width - 120, w: 90 },
    { header: 'Qty', x: left + width - 30, w: 30 },
  ];
  for (const c of cols) put(pdf, c.header, c.x, y, c.w, { size: 9, bold: true, color: MUTED });
  y += 14;
  rule(pdf, left, y, width);
  y += 6;
  for (const l of lines) {
    const cells = [l.name, l.size, l.color, l.sku, String(l.quantity)];
    const h = Math.max(...cols.map((c, i) => put(pdf, cells[i]!, c.x, y, c.w, { size: 10 })));
    y += h + 6;
    rule(pdf, left, y - 3, width);
  }
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  put(pdf, `${pieces} piece${pieces === 1 ? '' : 's'}`, left, y + 6, width, { size: 10, bold: true, align: 'right' });
  put(pdf, `Thank you for choosing ${shop.name}. Handmade with care.`, left, pdf.page.height - 72, width, {
    size: 9,
    color: MUTED,
    align: 'center',
  });
}

function drawLabel(pdf: Pdf, shop: Shop, o: OrderRow, lines: LineRow[]) {
  const left = 16;
  const width = pdf.page.width - 32;
  let y = 16;
  put(pdf, `Order #${o.id}`, left, y, width, { size: 12, bold: true });
  put(pdf, o.shippingType.toUpperCase(), left, y, width, { size: 12, bold: true, align: 'right' });
  y += 22;
  rule(pdf, left, y, width, INK, 1.5);
  y += 10;
  put(pdf, 'TO', left, y, width, { size: 9, bold: true, color: MUTED });
  y += 14;
  const [name, ...rest] = addressLines(o);
  y += put(pdf, name ?? '', left, y, width, { size: 18, bold: true }) + 4;
  for (const line of rest) y += put(pdf, line, left, y, width, { size: 13 }) + 2;
  y += 12;
  rule(pdf, left, y, width, INK, 1.5);
  y += 10;
  put(pdf, 'FROM', left, y, width, { size: 9, bold: true, color: MUTED });
  y += 14;
  y += put(pdf, shop.legalName, left, y, width, { size: 10, bold: true }) + 2;
  y += put(pdf, shop.address, left, y, width, { size: 9 }) + 2;
  put(pdf, `Phone ${shop.phone}`, left, y, width, { size: 9 });
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  pdf.font(FONT_BOLD);
  put(pdf, `${pieces} piece${pieces === 1 ? '' : 's'} · ${day(o.createdAt)}`, left, pdf.page.height - 32, width, {
    size: 10,
    align: 'center',
  });
}

/** One PDF with a page per order, in the order the ids were given. */
export async function renderSlips(work: UnitOfWork, ids: number[], kind: SlipKind): Promise<Buffer> {
  const { db, app } = work;
  const [rows, lines, shipped] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    shippedPieces(db, ids),
  ]);
  if (rows.length !== new Set(ids).size) throw notFound('Order not found');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seller = await sellerOf(work);
  const shop: Shop = {
    name: app.env.SHOP_NAME,
    legalName: seller.legal_name,
    address: seller.address,
    phone: seller.phone,
  };
  const size: [number, number] | 'A4' = kind === 'label' ? [288, 432] : 'A4';
  const { pdf, done } = await openPdf({
    size,
    margin: 16,
    autoFirstPage: false,
    info: {
      Title: `${kind === 'label' ? 'Address labels' : 'Packing slips'}: orders ${ids.join(', ')}`,
      Author: shop.legalName,
    },
  });
  for (const id of [...new Set(ids)]) {
    pdf.addPage({ size, margin: 16 });
    const order = byId.get(id)!;
    // An order partly shipped and still being packed: its slip and label are of the pieces left to ship.
    const own = lines
      .filter((l) => l.orderId === id)
      .map((l) => (order.status === 'packaging' ? { ...l, quantity: l.quantity - (shipped.get(l.id) ?? 0) } : l))
      .filter((l) => l.quantity > 0);
    if (kind === 'label') drawLabel(pdf, shop, order, own);
    else drawSlip(pdf, shop, order, own);
  }
  pdf.end();
  return done;
}

/** One shipment's packing slip (docs/back-office.md 'Shipments'): its pieces only, with its tracking. */
export async function renderShipmentSlip(work: UnitOfWork, orderId: number, shipmentId: number): Promise<Buffer> {
  const [[order], shipments, seller] = await Promise.all([
    work.db.select().from(orders).where(eq(orders.id, orderId)),
    shipmentsOf(work.db, [orderId]),
    sellerOf(work),
  ]);
  const parcel = shipments.get(orderId)?.find((s) => s.id === shipmentId);
  if (!order || !parcel) throw notFound('Shipment not found');
  const shop: Shop = {
    name: work.app.env.SHOP_NAME,
    legalName: seller.legal_name,
    address: seller.address,
    phone: seller.phone,
  };
  const { pdf, done } = await openPdf({
    size: 'A4',
    margin: 16,
    info: { Title: `Packing slip: order ${orderId}, shipment ${shipmentId}`, Author: shop.legalName },
  });
  drawSlip(pdf, shop, order, parcel.pieces, parcel);
  pdf.end();
  return done;
}
