import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { formatIndianAmount, formatRupees, pdfSafeText } from './format';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';

const intra: InvoiceDocument = {
  number: 'LL/2026-27/000042',
  date: new Date('2026-05-14T06:30:00Z'),
  orderId: 1042,
  paymentId: 'pay_QfX81kLmN2oPq3',
  seller: {
    legalName: 'Little Loom Handcrafts Private Limited',
    address: '14 Artisans Lane, C-Scheme, Jaipur 302001, Rajasthan, India',
    state: 'Rajasthan',
    gstin: '08AABCL1234F1Z5',
    email: 'hello@littleloom.example',
    phone: '+91 98290 12345',
  },
  buyer: {
    name: 'Ananya Sharma',
    phone: '+91 94140 55555',
    address: 'Flat 3B, Shanti Kunj Apartments, 22 Tonk Road',
    locality: 'Durgapura',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302018',
    country: 'India',
    email: 'ananya@example.com',
  },
  intraState: true,
  lines: [
    {
      description: 'Smocked mulmul frock - Rose, 4-5 years',
      sku: 'LL-FRK-45',
      hsn: '6209',
      quantity: 2,
      unitPricePaise: 189_900,
    },
    { description: 'Chikankari kurta pyjama set', sku: 'LL-KPS-67', hsn: '6209', quantity: 1, unitPricePaise: 449_900 },
    { description: 'Kantha quilted jacket', sku: 'LL-JKT-23', hsn: '6209', quantity: 1, unitPricePaise: 250_000 },
  ],
  shippingPaise: 9_900,
};

const inter: InvoiceDocument = {
  ...intra,
  number: 'LL/2026-27/000043',
  paymentId: null,
  buyer: { ...intra.buyer, city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  intraState: false,
};

async function parse(pdf: Buffer): Promise<{ text: string; pages: number; title?: unknown; author?: unknown }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text, total } = await parser.getText();
    const meta = ((await parser.getInfo()).info ?? {}) as Record<string, unknown>;
    return { text, pages: total, title: meta.Title, author: meta.Author };
  } finally {
    await parser.destroy();
  }
}

describe('renderInvoicePdf', () => {
  it('renders an intra-state tax invoice with CGST and SGST', async () => {
    const pdf = await renderInvoicePdf(intra);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, title, author } = await parse(pdf);
    expect(pages).toBe(1);
    expect(title).toBe('Tax Invoice LL/2026-27/000042');
    expect(author).toBe('Little Loom Handcrafts Private Limited');
    for (const expected of [
      'TAX INVOICE',
      'LL/2026-27/000042',
      'GSTIN: 08AABCL1234F1Z5',
      'Invoice Date: 14-05-2026',
      'Order ID: 1042',
      'Payment ID: pay_QfX81kLmN2oPq3',
      'Place of Supply: Rajasthan (08)',
      'SKU: LL-KPS-67',
      'Shipping and handling',
      'Grand Total Rs. 10,896.00',
      'CGST Rs. 500.64',
      'SGST Rs. 500.66',
      'Rupees Ten Thousand Eight Hundred Ninety-Six Only',
      'Prices are inclusive of GST.',
      'This is a computer-generated invoice and does not need a signature.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('renders an inter-state tax invoice with IGST only', async () => {
    const { text } = await parse(await renderInvoicePdf(inter));
    expect(text).toContain('LL/2026-27/000043');
    expect(text).toContain('Place of Supply: Karnataka (29)');
    expect(text).toContain('Payment ID: -');
    expect(text).toContain('IGST Rs. 1,001.30');
    expect(text).toContain('Grand Total Rs. 10,896.00');
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(intra), renderInvoicePdf(intra)]);
    expect(a.equals(b)).toBe(true);
  });

  it('breaks 40 lines over several pages, repeating the table header', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description:
        i % 5 === 0
          ? `Hand-embroidered cotton frock number ${i + 1} with a long description that has to wrap over several lines`
          : `Cotton vest ${i + 1}`,
      sku: `SKU-${String(i + 1).padStart(3, '0')}`,
      hsn: '6209',
      quantity: 1,
      unitPricePaise: 100_000,
    }));
    const { text, pages } = await parse(await renderInvoicePdf({ ...intra, lines }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('Taxable Value CGST % CGST SGST % SGST Total').length - 1).toBe(pages);
    for (const line of lines) expect(text).toContain(`SKU: ${line.sku}`);
    expect(text).toContain('Grand Total Rs. 40,099.00');
  });

  it('draws text Helvetica cannot encode as something readable', async () => {
    const lines = [{ ...intra.lines[0]!, description: 'Kāñcī ₹9 कुर्ता' }];
    const { text } = await parse(await renderInvoicePdf({ ...intra, lines }));
    expect(text).toContain('Kañci Rs. 9 ?\n');
  });
});

describe('formatting', () => {
  it('groups digits the Indian way with two decimals', () => {
    expect(formatIndianAmount(0)).toBe('0.00');
    expect(formatIndianAmount(5)).toBe('0.05');
    expect(formatIndianAmount(99_900)).toBe('999.00');
    expect(formatIndianAmount(100_000)).toBe('1,000.00');
    expect(formatIndianAmount(12_345_600)).toBe('1,23,456.00');
    expect(formatIndianAmount(1_234_567_890)).toBe('1,23,45,678.90');
    expect(formatIndianAmount(-12_345_600)).toBe('-1,23,456.00');
    expect(formatRupees(1_089_600)).toBe('Rs. 10,896.00');
  });

  it('keeps Windows-1252 text and replaces the rest', () => {
    expect(pdfSafeText('Café “Rose” – 2€')).toBe('Café “Rose” – 2€');
    expect(pdfSafeText('₹500')).toBe('Rs. 500');
    expect(pdfSafeText('line\none\ttab')).toBe('line\none tab');
  });
});
