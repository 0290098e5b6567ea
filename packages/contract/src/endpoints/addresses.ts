/** A shopper's saved addresses. */
import { AddressBody, AddressesResponse, AddressResponse, DeleteAddressBody, UpdateAddressBody } from '../addresses';
import { MessageBody } from '../common';
import { endpoints } from './define';

export const addressEndpoints = endpoints(['addresses'], {
  'addresses.list': { method: 'GET', path: '/address', auth: 'shopper', response: AddressesResponse },
  'addresses.add': {
    method: 'POST',
    path: '/address',
    auth: 'shopper',
    body: AddressBody,
    response: AddressResponse,
    status: 201,
  },
  'addresses.update': {
    method: 'PUT',
    path: '/address',
    auth: 'shopper',
    body: UpdateAddressBody,
    response: AddressResponse,
  },
  'addresses.delete': {
    method: 'DELETE',
    path: '/address',
    auth: 'shopper',
    body: DeleteAddressBody,
    response: MessageBody,
  },
});
