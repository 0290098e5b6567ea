import {
  COD_UNAVAILABLE,
  MESSAGES,
  OUT_OF_STOCK,
  cartSubtotal,
  formatRupees,
  zoneOfCountry,
  type Order,
  type ShippingRate,
  type ShippingType,
} from '@shop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeading, PageLoading, buttonClass } from '~/components/account/page-heading';
import { ShopImage } from '~/components/ui/shop-image';
import { useAddresses, addressLine } from '~/lib/addresses';
import { ApiError, api } from '~/lib/api';
import { useCart } from '~/lib/cart';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'Checkout | Little Loom' }, { name: 'robots', content: 'noindex' }];

const SHIPPING_LABELS: Record<ShippingType, { name: string; note: string }> = {
  standard: { name: 'Standard', note: 'Delivered 3-5 days after dispatch in India, 5-8 business days abroad' },
  express: { name: 'Express', note: 'Priority courier once your order is dispatched' },
};

export default function CheckoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const addresses = useAddresses();
  const rates = useQuery({
    queryKey: ['shipping-rates'],
    queryFn: async () => (await api<{ data: ShippingRate[] }>('/shipping/rates', { auth: false })).data,
  });
  const [addressId, setAddressId] = useState<number | null>(null);
  const [shippingType, setShippingType] = useState<ShippingType>('standard');
  const [method, setMethod] = useState<'ONLINE' | 'COD'>('ONLINE');
  // One key per checkout attempt: a retried click cannot place the order twice.
  const idempotencyKey = useRef(crypto.randomUUID());

  const list = addresses.data ?? [];
  useEffect(() => {
    if (addressId === null && list.length > 0) setAddressId(list[list.length - 1]!.id);
  }, [addressId, list]);

  const lines = cart.data ?? [];
  const address = list.find((a) => a.id === addressId) ?? null;
  const rate = address
    ? rates.data?.find((r) => r.zone === zoneOfCountry(address.country) && r.shipping_type === shippingType)?.amount
    : undefined;
  const subtotal = cartSubtotal(lines);

  const place = useMutation({
    mutationFn: () =>
      api<{ message: string; data: Order[] }>('/orders', {
        method: 'POST',
        body: { address: addressId, shipping_type: shippingType, payment_method: 'ONLINE' },
        headers: { 'idempotency-key': idempotencyKey.current },
      }),
    onSuccess: async (res) => {
      const order = res.data[0]!;
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      toast.success(res.message);
      void navigate(`/pay?order=${order.id}`, { state: { order } });
    },
    onError: (err) => {
      idempotencyKey.current = crypto.randomUUID();
      if (err instanceof ApiError && err.status === 400 && err.errors.includes(OUT_OF_STOCK)) {
        toast.error(MESSAGES.someOutOfStock);
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        void navigate('/cart');
        return;
      }
      toast.apiError(err);
    },
  });

  const orderNow = () => {
    if (!address) return toast.error('Please select an address to deliver');
    if (method === 'COD') return toast.error(COD_UNAVAILABLE);
    if (lines.length === 0) return toast.error(MESSAGES.cartEmpty);
    place.mutate();
  };

  if (cart.isPending || addresses.isPending) {
    return <PageLoading />;
  }
  if (lines.length === 0 && !place.isSuccess) {
    return (
      <div className="container-shop py-24 text-center">
        <h1 className="text-3xl">Your Cart is Empty</h1>
        <Link to="/shop" className={`${buttonClass.primary} mt-6`}>
          Continue shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="container-shop py-10">
      <PageHeading title="Checkout" back={{ to: '/cart', label: 'Back to cart' }} />
      <div className="grid gap-10 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-10">
          <fieldset>
            <legend className="font-display text-2xl">Delivery address</legend>
            {list.length === 0 && <p className="mt-3 text-muted">You have no saved address yet.</p>}
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {list.map((a) => (
                <label
                  key={a.id}
                  className={`flex cursor-pointer gap-3 rounded-2xl border-2 bg-white p-4 ${
                    a.id === addressId ? 'border-brand' : 'border-transparent'
                  }`}
                >
                  <input
                    type="radio"
                    name="address"
                    className="mt-1 accent-brand"
                    checked={a.id === addressId}
                    onChange={() => setAddressId(a.id)}
                  />
                  <span className="text-sm">
                    <span className="block font-semibold">{addressLine(a)}</span>
                    <span className="text-muted">Phone {a.phone}</span>
                  </span>
                </label>
              ))}
            </div>
            <Link to="/address/add?redirectTo=/checkout" className={`${buttonClass.secondary} mt-4`}>
              Add New Address
            </Link>
          </fieldset>

          <fieldset>
            <legend className="font-display text-2xl">Shipping</legend>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {(['standard', 'express'] as const).map((type) => {
                const amount = address
                  ? rates.data?.find((r) => r.zone === zoneOfCountry(address.country) && r.shipping_type === type)
                      ?.amount
                  : undefined;
                return (
                  <label
                    key={type}
                    className={`flex cursor-pointer gap-3 rounded-2xl border-2 bg-white p-4 ${
                      type === shippingType ? 'border-brand' : 'border-transparent'
                    }`}
                  >
                    <input
                      type="radio"
                      name="shipping"
                      className="mt-1 accent-brand"
                      checked={type === shippingType}
                      onChange={() => setShippingType(type)}
                    />
                    <span className="text-sm">
                      <span className="block font-semibold">
                        {SHIPPING_LABELS[type].name} {amount !== undefined && `· ${formatRupees(amount)}`}
                      </span>
                      <span className="text-muted">{SHIPPING_LABELS[type].note}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <fieldset>
            <legend className="font-display text-2xl">Payment method</legend>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {(
                [
                  ['ONLINE', 'Credit/Debit Card & UPI', 'Pay securely with Razorpay'],
                  ['COD', 'Cash on Delivery', 'Not available right now'],
                ] as const
              ).map(([value, label, note]) => (
                <label
                  key={value}
                  className={`flex cursor-pointer gap-3 rounded-2xl border-2 bg-white p-4 ${
                    value === method ? 'border-brand' : 'border-transparent'
                  }`}
                >
                  <input
                    type="radio"
                    name="payment"
                    value={value}
                    className="mt-1 accent-brand"
                    checked={value === method}
                    onChange={() => {
                      if (value === 'COD') {
                        toast.error(COD_UNAVAILABLE);
                        return;
                      }
                      setMethod(value);
                    }}
                  />
                  <span className="text-sm">
                    <span className="block font-semibold">{label}</span>
                    <span className="text-muted">{note}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <aside
          className="h-fit rounded-3xl bg-white p-6 shadow-sm lg:sticky lg:top-24"
          aria-labelledby="checkout-summary"
        >
          <h2 id="checkout-summary" className="text-xl">
            Order summary
          </h2>
          <ul className="mt-4 divide-y divide-linen">
            {lines.map((l) => (
              <li key={l.id} className="flex gap-3 py-3 text-sm">
                <ShopImage
                  src={l.product.product_variants.image1}
                  alt=""
                  width={800}
                  height={1000}
                  sizes="56px"
                  widths={[160]}
                  className="aspect-[4/5] w-14 rounded-lg object-cover"
                />
                <span className="flex-1">
                  <span className="block font-semibold">{l.product.products.name}</span>
                  <span className="text-muted">
                    {l.product.product_variants.size} · {l.product.colors.name} · × {l.quantity}
                  </span>
                </span>
                <span className="font-semibold">
                  {formatRupees(l.quantity * l.product.product_variants.selling_price)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-linen pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatRupees(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping ({SHIPPING_LABELS[shippingType].name})</dt>
              <dd>{rate === undefined ? 'Select an address' : formatRupees(rate)}</dd>
            </div>
            <div className="flex justify-between border-t border-linen pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd>{formatRupees(subtotal + (rate ?? 0))}</dd>
            </div>
          </dl>
          <button
            type="button"
            className={`${buttonClass.primary} mt-6 w-full`}
            disabled={place.isPending}
            onClick={orderNow}
          >
            {place.isPending ? 'Placing your order...' : 'Order Now'}
          </button>
          <p className="mt-3 text-center text-xs text-muted">Prices include GST. You pay on the next step.</p>
        </aside>
      </div>
    </div>
  );
}
