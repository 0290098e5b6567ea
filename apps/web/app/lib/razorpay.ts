import type { PaymentStart } from '@shop/contract';

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
export interface CheckoutFailure {
  error: { code?: string; description?: string; reason?: string };
}
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (failure: CheckoutFailure) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** Loads the provider's checkout script when its global is missing (docs/product.md#payments). */
export function loadCheckoutScript(url: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout script has no Razorpay'));
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${url}`));
    };
    document.body.appendChild(script);
  });
}

export type CheckoutOutcome =
  { kind: 'paid'; payment: CheckoutSuccess } | { kind: 'failed'; reason: string } | { kind: 'dismissed' };

/** Opens the checkout with the server's options; resolves once the shopper pays, fails for good or closes it. */
export function openCheckout(Razorpay: RazorpayConstructor, start: PaymentStart): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    let lastFailure: string | null = null;
    const checkout = new Razorpay({
      key: start.key,
      amount: start.amount,
      currency: start.currency,
      name: start.name,
      description: start.description,
      order_id: start.provider_order_id,
      prefill: start.prefill,
      theme: { color: '#b4546a' },
      handler: (payment: CheckoutSuccess) => resolve({ kind: 'paid', payment }),
      modal: {
        // Razorpay keeps its sheet open after a failure so the shopper can retry; closing it ends the attempt.
        ondismiss: () => resolve(lastFailure ? { kind: 'failed', reason: lastFailure } : { kind: 'dismissed' }),
      },
    });
    checkout.on('payment.failed', (failure) => {
      lastFailure = failure.error.description ?? 'The payment failed.';
    });
    checkout.open();
  });
}
