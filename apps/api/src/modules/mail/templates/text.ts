import { absoluteUrl, type MailMessage, type MailShop } from './blocks';

/** The plain-text part, from the same blocks as the HTML: what a text-only mail app shows. */
export function renderText(shop: MailShop, message: MailMessage): string {
  const parts = message.blocks.map((b) => {
    switch (b.kind) {
      case 'paragraph':
        return b.text;
      case 'items':
        return b.items.map((i) => `- ${i}`).join('\n');
      case 'action':
        return `${b.label}: ${absoluteUrl(b.url, shop)}`;
      case 'note':
        return `(${b.text})`;
      case 'note_link':
        return `(${b.text} ${b.label}: ${absoluteUrl(b.url, shop)})`;
      case 'code':
        return `    ${b.text}`;
    }
  });
  return [
    shop.name,
    '',
    ...parts.flatMap((p) => [p, '']),
    `With love,\nThe ${shop.name} team`,
    ...(shop.publicUrl ? [absoluteUrl('/', shop)] : []),
  ].join('\n');
}
