import { invalid } from '../../../lib/errors';

/** Carriers whose tracking page takes the number in its URL. */
export const CARRIERS: Readonly<Record<string, (n: string) => string>> = {
  indiapost: (n) =>
    `https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment=${n}`,
  dtdc: (n) => `https://www.dtdc.in/trace.asp?strCnno=${n}`,
  ekart: (n) => `https://ekartlogistics.com/shipmenttrack/${n}`,
  xpressbees: (n) => `https://www.xpressbees.com/shipment/tracking?awbNo=${n}`,
  shadowfax: (n) => `https://tracker.shadowfax.in/#/track/${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  delhivery: (n) => `https://www.delhivery.com/track/package/${n}`,
  bluedart: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
  dhl: (n) => `https://www.dhl.com/in-en/home/tracking.html?tracking-id=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  aramex: (n) => `https://www.aramex.com/track/results?ShipmentNumber=${n}`,
  shiprocket: (n) => `https://shiprocket.co/tracking/${n}`,
};

const carrierKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** The https tracking URL of a shipment: given as is, or made from a known carrier and its number. */
export function trackingUrlOf(input: { carrier?: string; trackingNumber?: string; trackingUrl?: string }): string {
  if (input.trackingUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(input.trackingUrl.trim());
    } catch {
      throw invalid(['The tracking URL is not a URL']);
    }
    if (url.protocol !== 'https:') throw invalid(['The tracking URL must start with https://']);
    if (url.href.length > 500) throw invalid(['The tracking URL is too long']);
    return url.href;
  }
  const make = input.carrier ? CARRIERS[carrierKey(input.carrier)] : undefined;
  if (!make) {
    throw invalid([
      `Give an https tracking URL, or a carrier among ${Object.keys(CARRIERS).join(', ')} and its tracking number`,
    ]);
  }
  const number = (input.trackingNumber ?? '').trim();
  if (!/^[A-Za-z0-9-]{4,40}$/.test(number)) throw invalid(['The tracking number must be 4 to 40 letters or digits']);
  return make(encodeURIComponent(number));
}
