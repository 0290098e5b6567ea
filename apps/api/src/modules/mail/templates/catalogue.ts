import { formatRupees, toRupees } from '@shop/contract';
import type { MailBlock, MailMessage, MailTemplate } from './blocks';
import { MARKETING_MAILS } from './marketing';

/**
 * Every mail the shop sends, as a function of its data (docs/product.md
 * 'Mail'), with sample data for the back office's previews (/admin/mails).
 * The senders (orders/notifications.ts, accounts) give real data; the texts
 * live here only.
 */
const rupees = (paise: number) => formatRupees(toRupees(paise));
const hello = (name: string): MailBlock => ({ kind: 'paragraph', text: `Hello${name ? ` ${name}` : ''},` });
const p = (text: string): MailBlock => ({ kind: 'paragraph', text });
/** The order's page: My Orders for an account, the signed link for a guest (`orderUrl`). */
const orderPage = (d: Shopper): MailBlock => ({
  kind: 'action',
  label: 'View your order',
  url: d.orderUrl ?? `/order-details?order=${d.orderId}`,
});
/** What a code did to an order: 'The code DIWALI20 saved you ₹529.60.' */
const discountLine = (d: { code: string | null; paise: number }, verb: 'saved you' | 'took off') =>
  `${d.code ? `The code ${d.code}` : 'A discount'} ${verb} ${rupees(d.paise)}.`;
/** Store credit paid in: where it shows and that it is spent at checkout. */
const creditWords = (paise: number) =>
  `${rupees(paise)} has been added to your store credit: it is in your account, to spend on your next order.`;
/**
 * A refund on its way: to the original payment method, or (cash paid at the door) by the shop's own
 * transfer; the part paid into store credit (`creditPaise`) is there already.
 */
const refundLine = (paise: number, transfer = false, creditPaise = 0) => {
  const rest = paise - creditPaise;
  const back =
    rest <= 0
      ? ''
      : transfer
        ? `We will pay ${rupees(rest)} back to you by bank transfer or UPI; if we do not yet have your UPI ID or bank account, please reply to this mail with it.`
        : `A refund of ${rupees(rest)} has been initiated to your original payment method; it takes 10-15 business days to reach you.`;
  return p([creditPaise > 0 ? creditWords(creditPaise) : '', back].filter(Boolean).join(' '));
};
/** A refund's data: its amount, whether the shop transfers it (a cash-on-delivery order's), and its part paid into store credit. */
interface Refund {
  refundPaise: number;
  transfer?: boolean;
  creditPaise?: number;
}

/** An exchange's replacement order: what is left to pay for it, and what of the pieces' worth stays in credit. */
interface Exchange {
  orderId: number;
  payablePaise: number;
  leftPaise: number;
}

/** A parcel's mail: the whole order, a first part (more to follow), or the last part. */
type Parcel = { orderId: number; parcel?: { number: number; left: number } };
const isWhole = (d: Parcel) => !d.parcel || (d.parcel.number === 1 && d.parcel.left === 0);
const shippedSubject = (d: Parcel) =>
  isWhole(d)
    ? `Order #${d.orderId} is on its way`
    : d.parcel!.left > 0
      ? `Part of order #${d.orderId} is on its way`
      : `The rest of order #${d.orderId} is on its way`;
function shippedWords(d: Parcel): string {
  if (isWhole(d)) return `Good news: your order #${d.orderId} has left our workshop.`;
  const left = d.parcel!.left;
  if (left === 0)
    return `Good news: the last parcel of your order #${d.orderId} has left our workshop, with these pieces.`;
  const rest = `${left} piece${left === 1 ? '' : 's'}`;
  return `Good news: a parcel of your order #${d.orderId} has left our workshop, with these pieces. The other ${rest} will follow in a parcel of their own, with its own tracking link.`;
}

interface Shopper {
  name: string;
  orderId: number;
  /** A guest's signed link to the order's page (orders/guests.ts); an account's is My Orders. */
  orderUrl?: string;
}

const template = <T>(t: MailTemplate<T>) => t;

const SAMPLE: Shopper = { name: 'Ananya', orderId: 1042 };
const SAMPLE_ITEMS = ['1 × Rose Smocked Mulmul Frock (2-3Y, Pink)', '2 × Muslin Bib Set (Free Size, Off White)'];

export const MAILS = {
  password_code: template({
    title: 'One-time code (password reset)',
    sample: { name: 'Ananya', shopName: 'Little Loom', code: '482913', minutes: 10 },
    message: (d) => ({
      subject: `Your ${d.shopName} password reset code`,
      blocks: [
        hello(d.name),
        p(`Use this code to choose a new password. It is valid for ${d.minutes} minutes and can be used once.`),
        { kind: 'code', text: d.code },
        { kind: 'note', text: 'If you did not ask for it, you can ignore this mail: your password stays as it is.' },
      ],
    }),
  }),
  guest_orders_code: template({
    title: 'One-time code (orders placed as a guest)',
    sample: { name: 'Ananya', shopName: 'Little Loom', code: '482913', minutes: 10 },
    message: (d) => ({
      subject: `Your ${d.shopName} code to see your guest orders`,
      blocks: [
        hello(d.name),
        p(
          `Enter this code in My Orders to see the orders you placed as a guest with this email. It is valid for ${d.minutes} minutes and can be used once.`,
        ),
        { kind: 'code', text: d.code },
        { kind: 'note', text: 'If you did not ask for it, you can ignore this mail.' },
      ],
    }),
  }),
  order_confirmed: template<
    Shopper & { totalPaise: number; items: string[]; discount: { code: string | null; paise: number } | null }
  >({
    title: 'Order confirmed (with the invoice)',
    sample: { ...SAMPLE, totalPaise: 264_800, items: SAMPLE_ITEMS, discount: { code: 'DIWALI20', paise: 52_960 } },
    message: (d) => ({
      subject: `Order #${d.orderId} confirmed`,
      blocks: [
        hello(d.name),
        p(`Thank you! We have received your payment of ${rupees(d.totalPaise)} for order #${d.orderId}.`),
        { kind: 'items', items: d.items },
        ...(d.discount ? [p(discountLine(d.discount, 'saved you'))] : []),
        p(
          'Each piece is handmade to order: we dispatch within 14-21 days, and you will get the tracking link by mail.',
        ),
        { ...orderPage(d), label: 'View your order and tax invoice' },
      ],
    }),
  }),
  cod_code: template<Shopper & { code: string; totalPaise: number; until: string }>({
    title: 'Cash on delivery: the confirmation code',
    sample: { ...SAMPLE, code: '482913', totalPaise: 134_800, until: '27 Nov 2026, 6:30 PM' },
    message: (d) => ({
      subject: `Confirm your cash-on-delivery order #${d.orderId}`,
      blocks: [
        hello(d.name),
        p(
          `Thank you for order #${d.orderId}, to be paid in cash on delivery (${rupees(d.totalPaise)}). Enter this code on the order's page to confirm it:`,
        ),
        { kind: 'code', text: d.code },
        p(`It is valid until ${d.until}; an order not confirmed by then is cancelled and its pieces go back on sale.`),
        { kind: 'action', label: 'Confirm your order', url: `/cod-confirm?order=${d.orderId}` },
        { kind: 'note', text: 'If you did not place this order, ignore this mail: nothing will be sent.' },
      ],
    }),
  }),
  cod_confirmed: template<Shopper & { totalPaise: number; items: string[] }>({
    title: 'Cash on delivery: order confirmed',
    sample: { ...SAMPLE, totalPaise: 134_800, items: SAMPLE_ITEMS },
    message: (d) => ({
      subject: `Order #${d.orderId} confirmed: cash on delivery`,
      blocks: [
        hello(d.name),
        p(
          `Thank you! Order #${d.orderId} is confirmed. Please keep ${rupees(d.totalPaise)} ready to pay in cash on delivery.`,
        ),
        { kind: 'items', items: d.items },
        p(
          'Each piece is handmade to order: we dispatch within 14-21 days, and you will get the tracking link by mail.',
        ),
        orderPage(d),
      ],
    }),
  }),
  cod_expired: template({
    title: 'Cash on delivery: cancelled, not confirmed',
    sample: SAMPLE,
    message: (d) => ({
      subject: `Order #${d.orderId} cancelled: not confirmed`,
      blocks: [
        hello(d.name),
        p(
          `Your cash-on-delivery order #${d.orderId} was not confirmed with its code in time, so it has been cancelled and its pieces are back on sale.`,
        ),
        p('Nothing is owed. You are welcome to order them again while they are in stock.'),
      ],
    }),
  }),
  order_shipped: template<
    Shopper & {
      /** The pieces of this parcel. */
      items: string[];
      trackingUrl: string | null;
      /** When the order ships in several parcels: this one's number, and the pieces still to follow. */
      parcel?: { number: number; left: number };
    }
  >({
    title: 'Shipped, with the tracking link (the whole order, or one parcel of it)',
    sample: {
      ...SAMPLE,
      items: SAMPLE_ITEMS,
      trackingUrl: 'https://www.delhivery.com/track/package/DL12345678',
    },
    message: (d) => ({
      subject: shippedSubject(d),
      blocks: [
        hello(d.name),
        p(shippedWords(d)),
        { kind: 'items', items: d.items },
        ...(d.trackingUrl
          ? [{ kind: 'action', label: 'Track your parcel', url: d.trackingUrl } as const]
          : [orderPage(d)]),
      ],
    }),
  }),
  order_delivered: template<Shopper & { /** The return window's days (7 when not given). */ returnDays?: number }>({
    title: 'Delivered',
    sample: { ...SAMPLE, returnDays: 7 },
    message: (d) => ({
      subject: `Order #${d.orderId} delivered`,
      blocks: [
        hello(d.name),
        p(`Your order #${d.orderId} has been delivered. We hope it is loved!`),
        // The return window is the owner's setting (docs/back-office.md "Settings").
        ...((d.returnDays ?? 7) > 0
          ? [
              p(
                `If something is not right, you can ask for a return from My Orders within ${d.returnDays ?? 7} day${d.returnDays === 1 ? '' : 's'}.`,
              ),
            ]
          : []),
        orderPage(d),
      ],
    }),
  }),
  order_cancelled: template<Shopper & { byShop: boolean; refundPaise: number | null }>({
    title: 'Cancelled (by the shopper or by the shop)',
    sample: { ...SAMPLE, byShop: true, refundPaise: 264_800 },
    message: (d) => ({
      subject: `Order #${d.orderId} cancelled`,
      blocks: [
        hello(d.name),
        p(
          d.byShop
            ? `We are sorry: we have had to cancel your order #${d.orderId}.`
            : `Your order #${d.orderId} has been cancelled.`,
        ),
        d.refundPaise === null ? p('No payment was taken.') : refundLine(d.refundPaise),
        orderPage(d),
      ],
    }),
  }),
  payment_reminder: template<Shopper & { until: string; items: string[] }>({
    title: 'Payment reminder (an unpaid order about to expire)',
    sample: { ...SAMPLE, until: '14:30', items: SAMPLE_ITEMS },
    message: (d) => ({
      subject: `Order #${d.orderId} is waiting for your payment`,
      blocks: [
        hello(d.name),
        p(`We are holding the pieces of order #${d.orderId} for you until ${d.until} (India time).`),
        { kind: 'items', items: d.items },
        { kind: 'action', label: 'Pay now', url: `/pay?order=${d.orderId}` },
        { kind: 'note', text: 'After that the order is cancelled and the pieces go back on sale.' },
      ],
    }),
  }),
  order_expired: template({
    title: 'Cancelled for non-payment',
    sample: SAMPLE,
    message: (d) => ({
      subject: `Order #${d.orderId} cancelled: no payment received`,
      blocks: [
        hello(d.name),
        p(
          `We did not receive the payment for order #${d.orderId} in time, so it has been cancelled and its pieces are back on sale.`,
        ),
        p('No payment was taken. You are welcome to order them again while they are in stock.'),
      ],
    }),
  }),
  refund_processed: template<Shopper & Refund>({
    title: 'Refund processed',
    sample: { ...SAMPLE, refundPaise: 129_900 },
    message: (d) => ({
      subject: `Refund for order #${d.orderId} processed`,
      blocks: [
        hello(d.name),
        p(
          (d.creditPaise ?? 0) >= d.refundPaise
            ? `The refund of ${rupees(d.refundPaise)} for order #${d.orderId} is in your store credit, to spend on your next order.`
            : `The refund of ${rupees(d.refundPaise - (d.creditPaise ?? 0))} for order #${d.orderId} has been ${d.transfer ? 'paid to you by bank transfer or UPI' : 'processed to your original payment method'}.${d.creditPaise ? ` ${creditWords(d.creditPaise)}` : ''}`,
        ),
        orderPage(d),
      ],
    }),
  }),
  return_accepted: template<Shopper & Refund & { exchange?: Exchange | null }>({
    title: 'Return accepted (or an exchange, with its replacement order)',
    sample: { ...SAMPLE, refundPaise: 129_900 },
    message: (d) => ({
      subject: d.exchange ? `Exchange accepted for order #${d.orderId}` : `Return accepted for order #${d.orderId}`,
      blocks: d.exchange
        ? [
            hello(d.name),
            p(
              `We have accepted your exchange for order #${d.orderId}: your new size or colour is order #${d.exchange.orderId}, paid with what the returned pieces were worth (${rupees(d.refundPaise)}).`,
            ),
            d.exchange.payablePaise > 0
              ? p(
                  `The new piece costs ${rupees(d.exchange.payablePaise)} more: once you pay it, we pack it and send it with its own tracking.`,
                )
              : p('We will pack it and send it to you with its own tracking.'),
            ...(d.exchange.payablePaise > 0
              ? [{ kind: 'action' as const, label: 'Pay the difference', url: `/pay?order=${d.exchange.orderId}` }]
              : []),
            ...(d.exchange.leftPaise > 0
              ? [p(`The ${rupees(d.exchange.leftPaise)} it costs less stays in your store credit.`)]
              : []),
            orderPage(d),
          ]
        : [
            hello(d.name),
            p(`We have accepted your return for order #${d.orderId}.`),
            refundLine(d.refundPaise, d.transfer, d.creditPaise),
            orderPage(d),
          ],
    }),
  }),
  goodwill_refund: template<Shopper & Refund & { reason: string | undefined }>({
    title: 'Refund outside a return (with the reason)',
    sample: { ...SAMPLE, refundPaise: 20_000, reason: 'Your parcel reached you four days late.' },
    message: (d) => ({
      subject: `A refund for order #${d.orderId}`,
      blocks: [
        hello(d.name),
        p(`We are giving back part of what you paid for order #${d.orderId}.`),
        ...(d.reason ? [p(d.reason)] : []),
        refundLine(d.refundPaise, false, d.creditPaise),
        orderPage(d),
      ],
    }),
  }),
  return_received: template<Shopper>({
    title: 'Returned parcel received',
    sample: SAMPLE,
    message: (d) => ({
      subject: `We have received your return for order #${d.orderId}`,
      blocks: [
        hello(d.name),
        p(
          `Your returned parcel for order #${d.orderId} has reached our workshop. We will check the pieces and write to you within two working days with what happens next.`,
        ),
        orderPage(d),
      ],
    }),
  }),
  return_rejected: template<Shopper & { reason: string | undefined }>({
    title: 'Return not accepted (with the reason)',
    sample: {
      ...SAMPLE,
      reason: 'The frock has been worn and washed, so we cannot take it back.',
    },
    message: (d) => ({
      subject: `About your return for order #${d.orderId}`,
      blocks: [
        hello(d.name),
        p(`We are sorry: we cannot accept the return of order #${d.orderId}.`),
        ...(d.reason ? [p(d.reason)] : []),
        { kind: 'note', text: 'You can answer this mail if you would like to talk about it.' },
      ],
    }),
  }),
  staff_invite: template({
    title: 'Staff invitation',
    sample: {
      name: 'Meera',
      shopName: 'Little Loom',
      role: 'staff',
      url: '/admin/invite?email=meera%40example.com&code=sample-code',
      days: 3,
    },
    message: (d) => ({
      subject: `You are invited to the ${d.shopName} back office`,
      blocks: [
        hello(d.name),
        p(`You have been invited to help run ${d.shopName} as ${d.role}.`),
        { kind: 'action', label: 'Choose your password', url: d.url },
        p('Then sign in to the back office with your email and that password.'),
        { kind: 'action', label: 'Sign in to the back office', url: '/admin/login' },
        {
          kind: 'note',
          text: `The link works once, for ${d.days} days. If you did not expect it, ignore this mail.`,
        },
      ],
    }),
  }),
  enquiry_reply: template<{ name: string; shopName: string; orderId: number | null; reply: string; original: string }>({
    title: 'Reply to an enquiry',
    sample: {
      name: 'Ananya',
      shopName: 'Little Loom',
      orderId: null,
      reply: 'Yes, we can make the frock in size 5-6Y; it will leave our workshop in about three weeks.',
      original: 'Do you make the Rose Smocked Mulmul Frock in size 5-6Y?',
    },
    message: (d) => ({
      subject: d.orderId ? `About your order #${d.orderId}` : `Re: your message to ${d.shopName}`,
      blocks: [
        hello(d.name),
        ...d.reply.split(/\n{2,}/).map(p),
        {
          kind: 'note',
          text: `You wrote: “${d.original.length > 600 ? `${d.original.slice(0, 600)}…` : d.original}”`,
        },
      ],
    }),
  }),
  email_change_code: template({
    title: 'One-time code (a new email address)',
    sample: { name: 'Ananya', shopName: 'Little Loom', email: 'ananya.new@example.com', code: '482913', minutes: 10 },
    message: (d) => ({
      subject: `Confirm your new ${d.shopName} email address`,
      blocks: [
        hello(d.name),
        p(
          `Enter this code in My Profile to make ${d.email} your sign-in address. It is valid for ${d.minutes} minutes and can be used once.`,
        ),
        { kind: 'code', text: d.code },
        { kind: 'note', text: 'If you did not ask for it, ignore this mail: nothing changes.' },
      ],
    }),
  }),
  email_changed: template({
    title: 'Email address changed (to the old address)',
    sample: {
      name: 'Ananya',
      shopName: 'Little Loom',
      email: 'ananya.new@example.com',
      shopEmail: 'hello@example.com',
    },
    message: (d) => ({
      subject: `Your ${d.shopName} email address was changed`,
      blocks: [
        hello(d.name),
        p(`Your account now signs in with ${d.email}; mails about your orders go there.`),
        { kind: 'note', text: `If this was not you, write to us at ${d.shopEmail} right away.` },
      ],
    }),
  }),
  back_in_stock: template<{ name: string; piece: string; productUrl: string; stopUrl: string }>({
    title: 'Back in stock (a size the shopper asked for)',
    sample: {
      name: 'Ananya',
      piece: 'Rose Smocked Mulmul Frock (2-3Y, Pink)',
      productUrl: '/product/rose-smocked-mulmul-frock-pink-2-3y',
      stopUrl: '/back-in-stock/stop?token=sample-token-for-the-preview-0123456789',
    },
    message: (d) => ({
      subject: `Back in stock: ${d.piece}`,
      blocks: [
        hello(d.name),
        p(`Good news: ${d.piece} is back in stock.`),
        p(
          'You asked us to tell you when it came back, so this is our one mail about it. Each piece is made in small batches, so sizes go quickly.',
        ),
        { kind: 'action', label: 'See it in the shop', url: d.productUrl },
        {
          kind: 'note',
          text: 'You get this mail because you asked for it on the product page. Not interested any more in sizes coming back? One click stops every other request of this email:',
        },
        { kind: 'action', label: 'Stop my back-in-stock requests', url: d.stopUrl },
      ],
    }),
  }),
  shop_new_order: template<{
    orderId: number;
    totalPaise: number;
    shippingType: string;
    items: string[];
    deliverTo: string;
    discount: { code: string | null; paise: number } | null;
    /** Cash on delivery: confirmed, the total to be collected at the door. */
    cod?: boolean;
  }>({
    title: 'To the shop: a new paid order',
    sample: {
      orderId: 1042,
      totalPaise: 264_800,
      shippingType: 'standard',
      items: SAMPLE_ITEMS,
      deliverTo:
        'Ananya Rao, 12 MG Road, Indiranagar, Bengaluru, Karnataka, 560038, India; phone 9876543210; ananya@example.com',
      discount: { code: 'DIWALI20', paise: 52_960 },
    },
    message: (d) => ({
      subject: `New ${d.cod ? 'cash-on-delivery' : 'paid'} order #${d.orderId} (${rupees(d.totalPaise)})`,
      blocks: [
        p(
          d.cod
            ? `Order #${d.orderId} is confirmed, cash on delivery: the carrier collects ${rupees(d.totalPaise)} (${d.shippingType} shipping).`
            : `Order #${d.orderId} is paid: ${rupees(d.totalPaise)} (${d.shippingType} shipping).`,
        ),
        ...(d.discount ? [p(discountLine(d.discount, 'took off'))] : []),
        { kind: 'items', items: d.items },
        p(`Deliver to: ${d.deliverTo}.`),
        { kind: 'action', label: 'Open it in the back office', url: `/admin/orders/${d.orderId}` },
        {
          kind: 'note',
          text: 'Each piece is made to order: the shopper has been promised dispatch within 14-21 days.',
        },
      ],
    }),
  }),
  shop_new_enquiry: template<{ orderId: number | null; name: string; email: string; phone: string; message: string }>({
    title: 'To the shop: a new enquiry or return request',
    sample: {
      orderId: 1042,
      name: 'Ananya',
      email: 'ananya@example.com',
      phone: '9876543210',
      message: 'The frock is a little small; may I return it for a refund?',
    },
    message: (d) => {
      const what = d.orderId ? `Return request for order #${d.orderId}` : 'New enquiry';
      return {
        subject: `${what} from ${d.name}`,
        blocks: [
          p(`${what} from ${d.name} (${d.email}${d.phone ? `, phone ${d.phone}` : ''}):`),
          p(d.message),
          {
            kind: 'action',
            label: 'Answer it in the back office',
            url: d.orderId ? '/admin/returns' : '/admin/enquiries',
          },
          { kind: 'note', text: 'Replying to this mail does not reach the shopper; answer from the back office.' },
        ],
      };
    },
  }),
  ...MARKETING_MAILS,
} as const;

export type MailKey = keyof typeof MAILS;

/** A mail of the catalogue from its data, typed by its key. */
export const mailMessage = <K extends MailKey>(key: K, data: (typeof MAILS)[K]['sample']): MailMessage =>
  (MAILS[key].message as (d: typeof data) => MailMessage)(data);
