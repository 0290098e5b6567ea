import { COD_DEFAULTS } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { computeInvoice } from '../invoices/gst';
import { quote } from '../pricing/quote';
import { codFeePaise, pincodeRefused } from './cod';

const bag = (codFee: number, intraState = true) =>
  quote({
    // ₹1,200 a piece: the 5% slab; shipping ₹79.
    lines: [{ variantId: 1, quantity: 2, unitPricePaise: 120_000, discountable: false }],
    shippingPaise: 7_900,
    discount: null,
    codFeePaise: codFee,
    creditPaise: 0,
    intraState,
  });

describe('the COD fee in the quote', () => {
  it('is a line of its own, taxed as shipping at the goods’ rate, and in the total', () => {
    const online = bag(0);
    const cod = bag(codFeePaise({ ...COD_DEFAULTS, enabled: true }, 'COD'));
    expect(online.codFee).toBeNull();
    expect(cod.codFee).toMatchObject({ paise: 4_900, ratePercent: 5, taxablePaise: 4_667, taxPaise: 233 });
    expect(cod.codFee!.cgstPaise + cod.codFee!.sgstPaise).toBe(233);
    expect(cod.codFee!.ratePercent).toBe(cod.shipping.ratePercent);
    expect(cod.totalPaise).toBe(online.totalPaise + 4_900);
    expect(cod.payablePaise).toBe(cod.totalPaise);
    expect(cod.tax.taxPaise).toBe(online.tax.taxPaise + 233);
    // Outside the seller's state: IGST.
    expect(bag(4_900, false).codFee).toMatchObject({ igstPaise: 233, cgstPaise: 0, sgstPaise: 0 });
  });

  it('is charged only for cash on delivery, and only while the owner has it on', () => {
    expect(codFeePaise({ ...COD_DEFAULTS, enabled: true, fee: 49.5 }, 'COD')).toBe(4_950);
    expect(codFeePaise({ ...COD_DEFAULTS, enabled: true }, 'ONLINE')).toBe(0);
    expect(codFeePaise({ ...COD_DEFAULTS, enabled: false }, 'COD')).toBe(0);
  });

  it('prints on the invoice as its own line with the same tax as the quote', () => {
    const q = bag(4_900);
    const invoice = computeInvoice(
      [{ description: 'Frock', sku: 'F1', hsn: '6111', quantity: 2, unitPricePaise: 120_000, ratePercent: 5 }],
      7_900,
      true,
      0,
      4_900,
    );
    expect(invoice.codFee).toMatchObject({ description: 'Cash on delivery fee', grossPaise: 4_900, taxPaise: 233 });
    expect(invoice.totals.grossPaise).toBe(q.totalPaise);
    expect(invoice.totals.taxPaise).toBe(q.tax.taxPaise);
  });
});

describe('refused PIN codes', () => {
  it('match a whole code or its first digits', () => {
    const cod = { ...COD_DEFAULTS, refused_pincodes: ['110001', '8'] };
    expect(pincodeRefused(cod, '110001')).toBe(true);
    expect(pincodeRefused(cod, '110002')).toBe(false);
    expect(pincodeRefused(cod, '842001')).toBe(true);
    expect(pincodeRefused(cod, ' 560 038 ')).toBe(false);
  });
});
