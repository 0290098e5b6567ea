import type { PersonalDataPart } from './modules/accounts/personal-data';
import { forgetAddresses, listAddresses } from './modules/addresses/addresses.service';
import { forgetPageViews } from './modules/analytics/analytics.service';
import { forgetRequests, requestsOf } from './modules/back-in-stock/back-in-stock.service';
import { forgetCart } from './modules/cart/cart.service';
import { remindersOf } from './modules/cart-reminders/cart-reminders.service';
import { creditOf } from './modules/credit/credit.service';
import { enquiriesOf, forgetEnquiries } from './modules/contact/contact.service';
import { listOrders } from './modules/orders/orders.service';
import { forgetWishlist } from './modules/wishlist/wishlist.service';
import { consentHistory } from './modules/messages/consent.service';
import { forgetMessages, messagesOf } from './modules/messages/messages.service';

/**
 * Every module's part of a shopper's personal data (`AppContext.personalData`),
 * wired here, above them all, so accounts' copy and deletion import none of
 * them (docs/architecture.md, 'Modules in one direction'). Orders are copied
 * and kept: GST law keeps them for years. In the copy's order.
 */
export const PERSONAL_DATA: readonly PersonalDataPart[] = [
  {
    key: 'addresses',
    copy: (work, user) => listAddresses(work.db, user.id),
    forget: (db, userId) => forgetAddresses(db, userId),
  },
  { key: 'orders', copy: (work) => listOrders(work) },
  // Money records, kept as orders are; the copy shows the balance and where each amount came from.
  { key: 'store_credit', copy: (work, user) => creditOf(work.db, user.id) },
  {
    key: 'enquiries',
    copy: (work, user) => enquiriesOf(work.db, user.id),
    forget: (db, userId, tombstone) => forgetEnquiries(db, userId, tombstone),
  },
  // Consent to messages (WhatsApp, SMS, marketing by email), given and withdrawn, is kept as the proof it is; the messages lose their number.
  { key: 'message_consents', copy: (work, user) => consentHistory(work.db, user.id) },
  { key: 'cart_reminders', copy: (work, user) => remindersOf(work, user.id) },
  {
    key: 'messages',
    copy: (work, user) => messagesOf(work, user.id),
    forget: (db, userId) => forgetMessages(db, userId),
  },
  // 'Tell me when it's back' requests: the account's, and those asked signed out with its email.
  {
    key: 'back_in_stock',
    copy: (work, user) => requestsOf(work.db, user),
    forget: (db, userId) => forgetRequests(db, userId),
  },
  { forget: (db, userId) => forgetCart(db, userId) },
  { forget: (db, userId) => forgetWishlist(db, userId) },
  { forget: (db, userId) => forgetPageViews(db, userId) },
];
