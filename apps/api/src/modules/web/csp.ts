import type { Env } from '../../env';

/** Razorpay's checkout opens its sheet, and 3-D Secure or netbanking pages, in frames from these hosts. */
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
/** Google Analytics 4 (Google's own list for gtag.js). */
const GA_SCRIPTS = ['https://*.googletagmanager.com'];
const GA_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GA_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * The storefront pages' Content-Security-Policy, as a function of each
 * response's nonce: scripts from the shop itself or carrying the nonce, the
 * payment provider's checkout and, when configured, Google Analytics; nothing
 * else. Styles allow inline ones: both checkout sheets inject theirs, and
 * an injected style cannot run code.
 */
export function storefrontCsp(env: Env): (nonce: string) => string {
  const razorpay = env.PAYMENT_PROVIDER === 'razorpay';
  const ga = !!env.GA_MEASUREMENT_ID;
  // The test provider's checkout is served by the shop itself ('self').
  const checkout = razorpay ? [new URL(env.RAZORPAY_CHECKOUT_URL).origin] : [];
  const frames = razorpay ? [...new Set([...RAZORPAY_FRAMES, ...checkout])] : [];
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  const fixed = [
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', ...(ga ? GA_IMAGES : []))}`,
    `font-src 'self'`,
    `connect-src ${list("'self'", ...checkout, ...(razorpay ? RAZORPAY_FRAMES : []), ...(ga ? GA_CONNECT : []))}`,
    `frame-src ${list("'self'", ...frames)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action ${list("'self'", ...(razorpay ? RAZORPAY_FRAMES : []))}`,
    `frame-ancestors 'self'`,
  ].join('; ');
  const scripts = list("'self'", ...checkout, ...(ga ? GA_SCRIPTS : []));
  return (nonce) => `default-src 'self'; script-src 'nonce-${nonce}' ${scripts}; ${fixed}`;
}
