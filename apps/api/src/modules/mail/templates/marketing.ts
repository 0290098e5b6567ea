import { formatRupees, toRupees } from '@shop/contract';
import type { MailTemplate } from './blocks';

/**
 * The marketing mails (docs/product.md 'Messages to shoppers'), sent only to a
 * shopper who agreed to them by email; each ends with its one-click way out.
 */
const rupees = (paise: number) => formatRupees(toRupees(paise));

interface CartReminder {
  name: string;
  /** Each piece with the amount the one quote gives its line: '1 × Rose Frock (2-3Y, Pink): ₹899.00'. */
  items: string[];
  subtotalPaise: number;
  /** The signed page that withdraws this mail's consent (messages/unsubscribe.ts). */
  unsubscribeUrl: string;
}

const cartReminder: MailTemplate<CartReminder> = {
  title: 'Cart reminder (marketing, with consent)',
  sample: {
    name: 'Ananya',
    items: [
      '1 × Rose Smocked Mulmul Frock (2-3Y, Pink): ₹1,899.00',
      '2 × Muslin Bib Set (Free Size, Off White): ₹998.00',
    ],
    subtotalPaise: 289_700,
    unsubscribeUrl: '/unsubscribe/1/sample-signature-of-the-link',
  },
  message: (d) => ({
    subject: 'Your cart is waiting for you',
    preheader: `${d.items.length === 1 ? 'A piece' : `${d.items.length} pieces`} you chose are still in your cart.`,
    blocks: [
      { kind: 'paragraph', text: `Hello${d.name ? ` ${d.name}` : ''},` },
      { kind: 'paragraph', text: 'You left these pieces in your cart. They are still here for you:' },
      { kind: 'items', items: d.items },
      { kind: 'paragraph', text: `Together ${rupees(d.subtotalPaise)}, before shipping.` },
      { kind: 'action', label: 'Go to your cart', url: '/cart' },
      {
        kind: 'note_link',
        text: 'You get this because you asked for reminders by email in your account. One click and they stop:',
        label: 'Unsubscribe',
        url: d.unsubscribeUrl,
      },
    ],
  }),
};

export const MARKETING_MAILS = { cart_reminder: cartReminder } as const;

/** A cart piece as the reminder lists it. */
export const cartPieceLine = (p: { quantity: number; name: string; size: string; color: string; paidPaise: number }) =>
  `${p.quantity} × ${p.name} (${p.size}, ${p.color}): ${rupees(p.paidPaise)}`;
