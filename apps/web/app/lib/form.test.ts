import { AddressBody, LoginBody } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { checkForm, numberField } from './form';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe('checkForm', () => {
  it("reads only the schema's fields, so the form's extras (intent, redirectTo) pass", () => {
    const result = checkForm(
      LoginBody.pick({ email: true, password: true }),
      form({
        intent: 'login',
        redirectTo: '/orders',
        email: ' Asha@Example.com ',
        password: 'x',
      }),
    );
    expect(result).toEqual({ ok: true, data: { email: 'asha@example.com', password: 'x' } });
  });

  it("gives the contract's first reason per field, a missing field as 'is required'", () => {
    const missing = checkForm(AddressBody, form({ country: 'India', phone: '123' }));
    expect(missing.ok ? {} : missing.errors).toMatchObject({
      address: 'address is required',
      pincode: 'pincode is required',
      phone: 'Phone number must be a 10-digit number starting with a non-zero digit.',
    });
    const place = { address: '7 Lake View', locality: 'Indiranagar', city: 'Bengaluru', phone: '9845012345' };
    const badPin = checkForm(AddressBody, form({ ...place, country: 'India', state: 'Karnataka', pincode: '012345' }));
    expect(badPin.ok ? {} : badPin.errors).toEqual({ pincode: 'pincode must be 6 digits and not start with 0' });
  });
});

describe('numberField', () => {
  it('is a whole number or NaN, never a coerced guess', () => {
    expect(numberField(form({ id: '42' }), 'id')).toBe(42);
    for (const id of ['', '4.2', '-1', '1e3', ' 7']) expect(numberField(form({ id }), 'id')).toBeNaN();
    expect(numberField(form({}), 'id')).toBeNaN();
  });
});
