/**
 * A mail of the shop as data (docs/product.md 'Mail'): a subject and blocks,
 * rendered once as HTML (layout.tsx) and once as plain text (text.ts), so the
 * two parts always say the same thing.
 */
export type MailBlock =
  /** A paragraph of the letter. */
  | { kind: 'paragraph'; text: string }
  /** A list, such as the pieces of an order. */
  | { kind: 'items'; items: string[] }
  /** A button: a path of the shop (made absolute from PUBLIC_URL) or an https address elsewhere (tracking). */
  | { kind: 'action'; label: string; url: string }
  /** A quieter aside under the letter. */
  | { kind: 'note'; text: string }
  /** A quiet aside ending in a link (a marketing mail's way out). */
  | { kind: 'note_link'; text: string; label: string; url: string }
  /** A one-time code, large and spaced. */
  | { kind: 'code'; text: string };

export interface MailMessage {
  subject: string;
  /** The line a mail app shows beside the subject; the first paragraph when not given. */
  preheader?: string;
  blocks: MailBlock[];
}

/** What every mail needs to know of the shop. */
export interface MailShop {
  name: string;
  /** PUBLIC_URL: every link of a mail starts here, or is an https address elsewhere. */
  publicUrl: string;
}

/** A block's link made absolute; anything but http(s) is refused (a mail never carries a script link). */
export function absoluteUrl(url: string, shop: MailShop): string {
  const absolute = new URL(url, shop.publicUrl);
  if (absolute.protocol !== 'https:' && absolute.protocol !== 'http:') {
    throw new RangeError(`A mail link must be http(s): ${absolute.protocol}`);
  }
  return absolute.toString();
}

export const preheaderOf = (m: MailMessage) =>
  m.preheader ??
  m.blocks.find((b): b is Extract<MailBlock, { kind: 'paragraph' }> => b.kind === 'paragraph')?.text ??
  '';

/** A mail of the catalogue: its title and sample for the owner's previews, and its message. */
export interface MailTemplate<T> {
  /** What the owner reads in the previews. */
  title: string;
  sample: T;
  message: (data: T) => MailMessage;
}
