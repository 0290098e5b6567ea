import { randomBytes } from 'node:crypto';
import { LoginResponse, PlaceOrderResponse, type Order, type ShippingType, type User } from '@shop/contract';
import { expect } from 'vitest';
import type { ShopApp } from '../src/app';

export interface Shopper {
  email: string;
  password: string;
  token: string;
  user: User;
  /** Headers for authenticated calls. */
  auth: { authorization: string };
}

let counter = 0;
export const uniqueEmail = (label = 'shopper') =>
  `${label}.${process.pid}.${++counter}.${randomBytes(3).toString('hex')}@example.com`;

/** Registers a shopper through the API and logs them in. */
export async function signUp(app: ShopApp, label = 'shopper', password = 'correct horse battery'): Promise<Shopper> {
  const email = uniqueEmail(label);
  const reg = await app.inject({ method: 'POST', url: '/api/v1/register', payload: { email, password, name: label } });
  expect(reg.statusCode, reg.body).toBe(201);
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const { token, user } = LoginResponse.parse(res.json());
  return { email, password, token, user, auth: { authorization: `Bearer ${token}` } };
}

export const INDIAN_ADDRESS = {
  address: '12 Lake View Road',
  phone: '9876543210',
  locality: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  country: 'India',
};

/** Saves an address for the shopper and answers its id. */
export async function addAddress(app: ShopApp, shopper: Shopper, fields: Record<string, string> = INDIAN_ADDRESS) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/address', headers: shopper.auth, payload: fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

/** Puts a variant in the shopper's cart at the given quantity. */
export async function setCart(app: ShopApp, shopper: Shopper, productId: number, variantId: number, quantity: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers: shopper.auth,
    payload: { product_id: productId, product_variant_id: variantId, quantity },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Saves an address and places an order of the shopper's cart to it (201); answers the order. */
export async function placeOrder(
  app: ShopApp,
  shopper: Shopper,
  shippingType: ShippingType = 'standard',
): Promise<Order> {
  const address = await addAddress(app, shopper);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: shopper.auth,
    payload: { address, shipping_type: shippingType, payment_method: 'ONLINE' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return PlaceOrderResponse.parse(res.json()).data[0]!;
}
