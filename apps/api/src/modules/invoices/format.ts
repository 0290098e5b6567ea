// Text formatting for invoices: Indian digit grouping and text safe for PDF standard fonts.

/** e.g. 12345600 → '1,23,456.00' (Indian grouping: thousands, then pairs). */
export function formatIndianAmount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError('paise must be an integer');
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const digits = String(Math.floor(abs / 100));
  const decimals = String(abs % 100).padStart(2, '0');
  const last3 = digits.slice(-3);
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
  return `${sign}${grouped}.${decimals}`;
}

/** e.g. 12345600 → 'Rs. 1,23,456.00'. (Helvetica has no '₹' glyph.) */
export function formatRupees(paise: number): string {
  return `Rs. ${formatIndianAmount(paise)}`;
}

/** Code points above 255 that Windows-1252 (the standard PDF fonts' encoding) can draw. */
const WIN_ANSI_EXTRA = new Set([
  402, 710, 732, 338, 339, 352, 353, 376, 381, 382, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226,
  8230, 8240, 8249, 8250, 8364, 8482,
]);

/**
 * Makes text drawable with pdfkit's built-in Helvetica: '₹' becomes 'Rs.', accents outside
 * Windows-1252 are dropped ('ā' → 'a'), control characters other than newlines become spaces and
 * a run of anything else (e.g. Devanagari) becomes one '?'. pdfkit would otherwise write garbage bytes for such text.
 */
export function pdfSafeText(text: string): string {
  let out = '';
  for (const ch of text.replace(/₹\s?/g, 'Rs. ')) {
    const code = ch.codePointAt(0)!;
    if (code === 10) out += ch;
    else if (code < 32 || (code >= 127 && code < 160)) out += ' ';
    else if (code <= 255 || WIN_ANSI_EXTRA.has(code)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      if (base && [...base].every((c) => c.codePointAt(0)! <= 255)) out += base;
      else if (!out.endsWith('?')) out += '?'; // one '?' for a run of undrawable characters
    }
  }
  return out;
}
