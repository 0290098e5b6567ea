/** Buying without an account: a guest's session, their details at checkout, and finding an order again. */
import { AddressResponse } from '../addresses';
import { GuestDetailsBody, GuestSessionResponse, OrderAccessResponse, OrderLinkBody, OrderStatusBody } from '../guests';
import { endpoints } from './define';

export const guestEndpoints = endpoints(['guests'], {
  // A visitor's first Add to Cart.
  'guests.start': {
    method: 'POST',
    path: '/guest/session',
    auth: 'public',
    response: GuestSessionResponse,
    status: 201,
  },
  'guests.details': {
    method: 'PUT',
    path: '/guest/details',
    auth: 'shopper',
    body: GuestDetailsBody,
    response: AddressResponse,
  },
  // The signed link of a guest order's mails, and the order-status page.
  'guests.orderLink': {
    method: 'POST',
    path: '/guest/order-link',
    auth: 'public',
    body: OrderLinkBody,
    response: OrderAccessResponse,
  },
  'guests.findOrder': {
    method: 'POST',
    path: '/order-status',
    auth: 'public',
    body: OrderStatusBody,
    response: OrderAccessResponse,
  },
});
