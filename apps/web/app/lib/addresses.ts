import type { Address } from '@shop/contract';

/** One line for an address card or a summary. */
export const addressLine = (a: Address) =>
  `${a.name ? `${a.name}, ` : ''}${a.address}, ${a.locality}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;
