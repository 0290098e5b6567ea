import { GstSummary, ORDERS_CSV_COLUMNS } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/modules/invoices/invoices.schema';
import { orderLines, orders } from '../src/modules/orders/orders.schema';
import { payments, refunds } from '../src/modules/payments/payments.schema';
import { products } from '../src/modules/catalog/catalog.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld } from './order-world';
import { signUp } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;
let userId: number;

beforeAll(async () => {
  shop = await createTestShop();
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
  userId = (await signUp(shop.app, 'gst-buyer')).user.id;
});
afterAll(() => shop.close());

const get = (url: string, who: StaffMember) =>
  shop.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.admin });

interface Line {
  rupees: number;
  quantity?: number;
  hsn: string;
}
let serial = 0;

/** An order written straight to the tables, with its invoice when `paidAt` is given, as the checkout leaves it. */
async function order(o: {
  state: string;
  country?: string;
  name?: string;
  lines: Line[];
  shipping?: number;
  placedAt: string;
  paidAt?: string;
}) {
  const db = shop.database.db;
  const subtotal = o.lines.reduce((s, l) => s + l.rupees * 100 * (l.quantity ?? 1), 0);
  const shipping = (o.shipping ?? 0) * 100;
  serial += 1;
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      status: o.paidAt ? 'packaging' : 'created',
      subtotalPaise: subtotal,
      shippingPaise: shipping,
      totalPaise: subtotal + shipping,
      shippingType: 'standard',
      name: o.name ?? 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      address: '12 MG Road',
      locality: 'Centre',
      city: 'Pune',
      state: o.state,
      pincode: '411001',
      country: o.country ?? 'India',
      paymentId: o.paidAt ? `pay_report${serial}` : null,
      invoiceNumber: o.paidAt ? `RP/2627/${String(serial).padStart(6, '0')}` : null,
      paymentDueAt: new Date(o.placedAt),
      paidAt: o.paidAt ? new Date(o.paidAt) : null,
      createdAt: new Date(o.placedAt),
    })
    .returning();
  await db.insert(orderLines).values(
    o.lines.map((l, i) => ({
      orderId: row!.id,
      quantity: l.quantity ?? 1,
      name: `Piece ${i}`,
      slug: `piece-${i}`,
      sku: `SKU-${serial}-${i}`,
      size: '2-3Y',
      color: 'Red',
      image: 'x',
      mrpPaise: l.rupees * 100,
      unitPricePaise: l.rupees * 100,
      gstRateBp: l.rupees <= 2500 ? 500 : 1800,
      hsnCode: l.hsn,
    })),
  );
  let paymentId = 0;
  if (o.paidAt) {
    await db.insert(invoices).values({ orderId: row!.id, number: row!.invoiceNumber! });
    const [payment] = await db
      .insert(payments)
      .values({
        orderId: row!.id,
        provider: 'test',
        providerOrderId: `order_r${serial}`,
        providerPaymentId: row!.paymentId,
        amountPaise: subtotal + shipping,
        status: 'captured',
      })
      .returning();
    paymentId = payment!.id;
  }
  const refund = async (rupees: number, at: string, status: 'processed' | 'failed' = 'processed') =>
    db.insert(refunds).values({
      orderId: row!.id,
      paymentId,
      idempotencyKey: `refund-${row!.id}-${rupees}-${status}`,
      reason: 'return',
      amountPaise: rupees * 100,
      status,
      createdAt: new Date(at),
    });
  return { id: row!.id, refund };
}

describe('the GST summary', () => {
  beforeAll(async () => {
    // The shop is in Rajasthan (SHOP_STATE's default). 00:30 on 1 November in India is still October in UTC.
    await order({
      state: 'Rajasthan',
      lines: [{ rupees: 1050, hsn: '6204' }],
      shipping: 105,
      placedAt: '2026-10-31T18:40:00Z',
      paidAt: '2026-10-31T19:00:00Z',
    });
    await order({
      state: 'Maharashtra',
      lines: [
        { rupees: 2950, quantity: 2, hsn: '6203' },
        { rupees: 525, hsn: '6209' },
      ],
      placedAt: '2026-11-10T05:00:00Z',
      paidAt: '2026-11-10T05:10:00Z',
    });
    const partly = await order({
      state: 'Rajasthan',
      lines: [{ rupees: 3540, hsn: '6204' }],
      placedAt: '2026-11-12T05:00:00Z',
      paidAt: '2026-11-12T05:10:00Z',
    });
    await partly.refund(1180, '2026-11-20T05:00:00Z');
    await partly.refund(2360, '2026-11-21T05:00:00Z', 'failed');
    // Invoiced in October, refunded in full in November: a credit note of November.
    const october = await order({
      state: 'Maharashtra',
      lines: [{ rupees: 1050, hsn: '6111' }],
      placedAt: '2026-10-20T05:00:00Z',
      paidAt: '2026-10-20T05:10:00Z',
    });
    await october.refund(1050, '2026-11-05T05:00:00Z');
    // Unpaid: no invoice, not in the summary; paid at 23:59 on 30 November in India: November.
    await order({ state: 'Rajasthan', lines: [{ rupees: 999, hsn: '6204' }], placedAt: '2026-11-15T05:00:00Z' });
    await order({
      state: 'Goa',
      lines: [{ rupees: 100, hsn: '6217' }],
      placedAt: '2026-12-01T05:00:00Z',
      paidAt: '2026-11-30T18:31:00Z',
    });
  });

  it('adds up to the figures worked by hand, by place of supply and rate and by HSN, credit notes negative', async () => {
    const res = await get('/reports/gst?month=2026-11', admin);
    expect(res.statusCode, res.body).toBe(200);
    const s = GstSummary.parse(res.json());
    expect(s.invoices).toBe(3);
    expect(s.credit_notes).toBe(2);
    // The Goa order, paid 30 Nov 18:31 UTC, is 1 December in India: not here (the next test).
    expect(s.b2c).toEqual([
      {
        kind: 'invoice',
        place_of_supply: 'Maharashtra (27)',
        rate: 5,
        documents: 1,
        taxable: 500,
        cgst: 0,
        sgst: 0,
        igst: 25,
        total: 525,
      },
      {
        kind: 'invoice',
        place_of_supply: 'Maharashtra (27)',
        rate: 18,
        documents: 1,
        taxable: 5000,
        cgst: 0,
        sgst: 0,
        igst: 900,
        total: 5900,
      },
      {
        kind: 'invoice',
        place_of_supply: 'Rajasthan (08)',
        rate: 5,
        documents: 1,
        taxable: 1100,
        cgst: 27.5,
        sgst: 27.5,
        igst: 0,
        total: 1155,
      },
      {
        kind: 'invoice',
        place_of_supply: 'Rajasthan (08)',
        rate: 18,
        documents: 1,
        taxable: 3000,
        cgst: 270,
        sgst: 270,
        igst: 0,
        total: 3540,
      },
      {
        kind: 'credit_note',
        place_of_supply: 'Maharashtra (27)',
        rate: 5,
        documents: 1,
        taxable: -1000,
        cgst: 0,
        sgst: 0,
        igst: -50,
        total: -1050,
      },
      {
        kind: 'credit_note',
        place_of_supply: 'Rajasthan (08)',
        rate: 18,
        documents: 1,
        taxable: -1000,
        cgst: -90,
        sgst: -90,
        igst: 0,
        total: -1180,
      },
    ]);
    expect(s.hsn.map((h) => [h.hsn, h.rate, h.quantity, h.taxable, h.cgst, h.sgst, h.igst, h.total])).toEqual([
      ['6111', 5, -1, -1000, 0, 0, -50, -1050],
      ['6203', 18, 2, 5000, 0, 0, 900, 5900],
      ['6204', 5, 1, 1000, 25, 25, 0, 1050],
      ['6204', 18, 1, 2000, 180, 180, 0, 2360],
      ['6209', 5, 1, 500, 0, 0, 25, 525],
      ['996812', 5, 1, 100, 2.5, 2.5, 0, 105],
    ]);
    expect(s.totals).toEqual({ taxable: 7600, cgst: 207.5, sgst: 207.5, igst: 875, total: 8890 });
  });

  it('counts an invoice in the month of its date in India time', async () => {
    const s = GstSummary.parse((await get('/reports/gst?month=2026-12', admin)).json());
    expect(s.b2c).toEqual([
      {
        kind: 'invoice',
        place_of_supply: 'Goa (30)',
        rate: 5,
        documents: 1,
        taxable: 95.24,
        cgst: 0,
        sgst: 0,
        igst: 4.76,
        total: 100,
      },
    ]);
  });

  it('downloads as CSV with both tables, and refuses a bad month', async () => {
    const res = await get('/reports/gst.csv?month=2026-11', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gst-2026-11.csv"');
    const rows = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows).toContain('Credit note,Rajasthan (08),18,1,-1000.00,-90.00,-90.00,0.00,-1180.00');
    expect(rows).toContain('6204,"Girls\' dresses and ensembles, woven",18,1,2000.00,180.00,180.00,0.00,2360.00');
    expect(rows).toContain('Total,,,5,7600.00,207.50,207.50,875.00,8890.00');
    expectError(await get('/reports/gst?month=2026-13', admin), 400);
    expectError(await get('/reports/gst', admin), 400);
  });

  it('is the owner’s: staff get 403, nobody signed in 401', async () => {
    expectError(await get('/reports/gst?month=2026-11', staff), 403);
    expectError(
      await shop.app.inject({ method: 'GET', url: '/api/v1/admin/reports/orders.csv?from=2026-11-01&to=2026-11-30' }),
      401,
    );
  });
});

describe('the orders CSV', () => {
  it('streams one row per order placed in the range, escaped, rupees with paise', async () => {
    await order({
      state: 'Kerala',
      name: '=HYPERLINK("evil"), "Ammu"\nNair',
      lines: [{ rupees: 1299, quantity: 3, hsn: '6204' }],
      shipping: 250,
      placedAt: '2027-01-15T05:00:00Z',
      paidAt: '2027-01-15T05:05:00Z',
    });
    await order({ state: 'Kerala', lines: [{ rupees: 500, hsn: '6204' }], placedAt: '2027-01-16T19:00:00Z' });
    const res = await get('/reports/orders.csv?from=2027-01-01&to=2027-01-16', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2027-01-01-to-2027-01-16.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, first, rest] = res.body.slice(1).split(/\r\n(?=\d|$)/);
    expect(header).toBe(ORDERS_CSV_COLUMNS.join(','));
    // The second order was placed at 00:30 on 17 January in India: outside the range.
    expect(rest).toBe('');
    expect(first).toMatch(/^\d+,2027-01-15 10:30,packaging,2027-01-15 10:35,RP\/2627\/\d{6},/);
    expect(first).toContain(',"\'=HYPERLINK(""evil""), ""Ammu""\nNair",asha@example.com,9876543210,');
    expect(first).toContain(',Kerala,411001,India,standard,3,3897.00,250.00,4147.00,0.00,pay_report');
    expectError(await get('/reports/orders.csv?from=2027-01-20&to=2027-01-01', admin), 400);
    expectError(await get('/reports/orders.csv?from=2027-01-01', admin), 400);
  });
});

describe('HSN codes', () => {
  it('are copied from the product onto the order line when the order is placed', async () => {
    const world = await orderWorld(shop);
    await shop.database.db.update(products).set({ hsnCode: '6209' }).where(eq(products.id, world.productId));
    const { order: placed } = await world.order('hsn-copy');
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(lines.map((l) => l.hsnCode)).toEqual(['6209']);
  });
});
