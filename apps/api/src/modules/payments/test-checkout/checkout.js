/*
 * The built-in TEST payment sheet (served at /api/v1/test-payments/checkout.js).
 *
 * When the shop has no Razorpay keys it loads this script instead of
 * https://checkout.razorpay.com/v1/checkout.js. It defines window.Razorpay
 * with the same surface the shop's payment code uses:
 *
 *   var rzp = new Razorpay({ key, amount, currency, name, description, order_id,
 *                            prefill: { name, email, contact }, handler, modal: { ondismiss },
 *                            theme: { color } });
 *   rzp.on('payment.failed', function (response) { response.error ... });
 *   rzp.open();  rzp.close();
 *
 * Pay / Simulate failure POST to <script dir>/pay (the TestPaymentProvider's
 * pay()), which answers 200 with Razorpay's handler response or { error }.
 * Plain ES2020, no dependencies, no build step.
 */
(function () {
  'use strict';

  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  if (typeof window.Razorpay !== 'undefined') return;

  var DEFAULT_PAY_PATH = '/api/v1/test-payments/pay';
  var DEFAULT_ACCENT = '#b4546a';
  var NETWORK_ERROR = 'Could not reach the payment server. Please try again.';
  var REQUEST_TIMEOUT_MS = 20000;
  var P = 'rzpt-'; // class / id prefix, so the shop's CSS cannot clash
  var STYLE_ID = P + 'style';

  // Where to POST: next to this script (captured now: currentScript is only set while it runs).
  var PAY_URL = (function () {
    try {
      var script = document.currentScript;
      var src = script && script.src;
      if (src) {
        var u = new URL(src, document.baseURI);
        if (/\/checkout\.js$/.test(u.pathname)) return new URL('pay', u).href;
        return new URL(DEFAULT_PAY_PATH, u).href;
      }
    } catch {
      /* fall through */
    }
    return DEFAULT_PAY_PATH;
  })();

  var uid = 0;

  // ---------------------------------------------------------------- helpers

  function formatInr(paise) {
    var n = Number(paise);
    if (!isFinite(n)) n = 0;
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n / 100);
    } catch {
      return '\u20B9' + (n / 100).toFixed(2);
    }
  }

  function el(tag, className, attrs, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (attrs) {
      for (var k in attrs) {
        if (Object.prototype.hasOwnProperty.call(attrs, k) && attrs[k] !== undefined && attrs[k] !== null) {
          node.setAttribute(k, String(attrs[k]));
        }
      }
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  var ICONS = {
    close: '<path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" fill="none"/>',
    card:
      '<rect x="3" y="5.5" width="18" height="13" rx="2.5" stroke="currentColor" stroke-width="1.8" fill="none"/>' +
      '<path d="M3 10h18" stroke="currentColor" stroke-width="1.8"/><path d="M7 15h4" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
    upi:
      '<rect x="6.5" y="2.5" width="11" height="19" rx="2.5" stroke="currentColor" stroke-width="1.8" fill="none"/>' +
      '<path d="M10.5 18.5h3" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
    lock:
      '<rect x="5" y="10.5" width="14" height="10" rx="2" stroke="currentColor" stroke-width="1.8" fill="none"/>' +
      '<path d="M8 10.5V8a4 4 0 018 0v2.5" stroke="currentColor" stroke-width="1.8" fill="none"/>',
    user:
      '<circle cx="12" cy="8.5" r="3.5" stroke="currentColor" stroke-width="1.8" fill="none"/>' +
      '<path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round"/>',
    alert:
      '<circle cx="12" cy="12" r="9" stroke="currentColor" stroke-width="1.8" fill="none"/>' +
      '<path d="M12 7.5v5.5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="16.5" r="1.2" fill="currentColor"/>',
  };

  function icon(name, className) {
    var span = el('span', P + 'icon' + (className ? ' ' + className : ''), { 'aria-hidden': 'true' });
    // Static, trusted markup only (never shop or shopper data).
    span.innerHTML = '<svg viewBox="0 0 24 24" width="100%" height="100%" focusable="false">' + ICONS[name] + '</svg>';
    return span;
  }

  /** '#rrggbb' for a valid opaque CSS colour, else null. */
  function normaliseColour(value) {
    if (typeof value !== 'string' || !value.trim()) return null;
    try {
      if (window.CSS && CSS.supports && !CSS.supports('color', value)) return null;
      var ctx = document.createElement('canvas').getContext('2d');
      if (!ctx) return null;
      ctx.fillStyle = '#000000';
      ctx.fillStyle = value;
      var out = ctx.fillStyle;
      return /^#[0-9a-f]{6}$/i.test(out) ? out : null;
    } catch {
      return null;
    }
  }

  function luminance(hex) {
    var c = [1, 3, 5].map(function (i) {
      var v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }

  /** White or near-black, whichever reads better on the accent colour. */
  function textOn(hex) {
    var l = luminance(hex);
    var onWhite = 1.05 / (l + 0.05);
    var onDark = (l + 0.05) / (luminance('#1f1b1d') + 0.05);
    return onWhite >= onDark ? '#ffffff' : '#1f1b1d';
  }

  var FOCUSABLE =
    'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

  function focusables(container) {
    return Array.prototype.filter.call(container.querySelectorAll(FOCUSABLE), function (node) {
      return node.getClientRects().length > 0 && !node.closest('[hidden]');
    });
  }

  // ---------------------------------------------------------------- styles

  var CSS_TEXT = [
    // Reset everything inside the sheet so the shop's element rules cannot leak in.
    '.' + P + 'root, .' + P + 'root *, .' + P + 'root *::before, .' + P + 'root *::after {',
    '  box-sizing: border-box; margin: 0; padding: 0; border: 0; font: inherit; color: inherit;',
    '  letter-spacing: normal; text-transform: none; text-decoration: none; text-align: inherit;',
    '  line-height: inherit; background: none; box-shadow: none; float: none; min-width: 0; max-width: none;',
    '  text-shadow: none; vertical-align: baseline; }',
    '.' + P + 'root {',
    '  position: fixed; inset: 0; z-index: 2147483000; display: flex; align-items: center; justify-content: center;',
    '  padding: 24px 16px; background: rgba(24, 20, 22, 0.55); -webkit-backdrop-filter: blur(3px); backdrop-filter: blur(3px);',
    '  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;',
    '  font-size: 14px; line-height: 1.45; color: #1f1b1d; text-align: left; -webkit-font-smoothing: antialiased;',
    '  animation: ' + P + 'fade 160ms ease-out; overflow-y: auto; }',
    '.' + P + 'root .' + P + 'card {',
    '  position: relative; width: 100%; max-width: 400px; margin: auto; background: #ffffff; border-radius: 16px;',
    '  box-shadow: 0 24px 64px rgba(20, 12, 16, 0.28), 0 2px 8px rgba(20, 12, 16, 0.12); overflow: hidden;',
    '  animation: ' + P + 'rise 200ms cubic-bezier(.2,.8,.2,1); outline: none; }',
    '.' + P + 'root .' + P + 'icon { display: inline-block; width: 18px; height: 18px; flex: none; }',
    '.' + P + 'root .' + P + 'icon svg { display: block; width: 100%; height: 100%; }',
    // Header
    '.' + P + 'root .' + P + 'head { padding: 18px 20px 16px; background: #faf8f7; border-bottom: 1px solid #ece8e6; }',
    '.' + P + 'root .' + P + 'brand { display: flex; align-items: flex-start; gap: 12px; }',
    '.' + P + 'root .' + P + 'logo {',
    '  display: flex; align-items: center; justify-content: center; flex: none; width: 40px; height: 40px;',
    '  border-radius: 10px; background: var(--' +
      P +
      'accent); color: var(--' +
      P +
      'on-accent); font-weight: 700; font-size: 18px; }',
    '.' + P + 'root .' + P + 'shop { flex: 1; min-width: 0; padding-top: 1px; }',
    '.' +
      P +
      'root .' +
      P +
      'title { display: block; font-size: 16px; font-weight: 650; line-height: 1.3; overflow-wrap: anywhere; }',
    '.' +
      P +
      'root .' +
      P +
      'desc { display: block; margin-top: 2px; font-size: 13px; color: #5f5a5c; overflow-wrap: anywhere; }',
    '.' + P + 'root .' + P + 'x {',
    '  display: flex; align-items: center; justify-content: center; flex: none; width: 36px; height: 36px;',
    '  margin: -6px -8px 0 0; border-radius: 999px; color: #5f5a5c; cursor: pointer; }',
    '.' + P + 'root .' + P + 'x:hover { background: #efebe9; color: #1f1b1d; }',
    '.' + P + 'root .' + P + 'x[disabled] { opacity: 0.45; cursor: not-allowed; background: none; }',
    '.' + P + 'root .' + P + 'x .' + P + 'icon { width: 20px; height: 20px; }',
    '.' +
      P +
      'root .' +
      P +
      'sum { display: flex; align-items: flex-end; justify-content: space-between; gap: 12px; margin-top: 16px; }',
    '.' + P + 'root .' + P + 'sum-label { display: block; font-size: 12px; color: #5f5a5c; }',
    '.' +
      P +
      'root .' +
      P +
      'amount { display: block; font-size: 26px; font-weight: 700; line-height: 1.15; letter-spacing: -0.01em; font-variant-numeric: tabular-nums; }',
    '.' + P + 'root .' + P + 'badge {',
    '  display: inline-flex; align-items: center; gap: 6px; flex: none; margin-bottom: 4px; padding: 4px 10px; border-radius: 999px;',
    '  background: #fff3d1; border: 1px solid #efcf7d; color: #6b4400; font-size: 11px; font-weight: 700; letter-spacing: 0.08em; }',
    '.' +
      P +
      'root .' +
      P +
      'badge::before { content: ""; width: 6px; height: 6px; border-radius: 999px; background: #d18f00; }',
    '.' +
      P +
      'root .' +
      P +
      'who { display: flex; align-items: center; gap: 6px; margin-top: 12px; font-size: 13px; color: #5f5a5c; overflow-wrap: anywhere; }',
    '.' + P + 'root .' + P + 'who .' + P + 'icon { width: 16px; height: 16px; margin-top: 1px; }',
    '.' + P + 'root .' + P + 'nowrap { white-space: nowrap; }',
    '.' + P + 'root .' + P + 'who strong { color: #1f1b1d; font-weight: 500; }',
    // Body
    '.' + P + 'root .' + P + 'body { padding: 18px 20px 20px; }',
    '.' +
      P +
      'root .' +
      P +
      'tabs { display: flex; gap: 4px; padding: 4px; border-radius: 12px; background: #f2efee; }',
    '.' + P + 'root .' + P + 'tab {',
    '  flex: 1; display: flex; align-items: center; justify-content: center; gap: 8px; height: 40px; border-radius: 9px;',
    '  font-size: 14px; font-weight: 600; color: #4f4a4c; cursor: pointer; text-align: center; }',
    '.' + P + 'root .' + P + 'tab:hover { color: #1f1b1d; }',
    '.' +
      P +
      'root .' +
      P +
      'tab[aria-selected="true"] { background: #ffffff; color: #1f1b1d; box-shadow: 0 1px 3px rgba(20, 12, 16, 0.14), 0 0 0 1px rgba(20, 12, 16, 0.04); }',
    '.' + P + 'root .' + P + 'tab[aria-selected="true"] .' + P + 'icon { color: var(--' + P + 'accent-ink); }',
    '.' + P + 'root .' + P + 'tab[disabled] { cursor: not-allowed; opacity: 0.6; }',
    '.' + P + 'root .' + P + 'panel { margin-top: 16px; }',
    '.' + P + 'root .' + P + 'panel[hidden] { display: none; }',
    '.' + P + 'root .' + P + 'field { display: block; }',
    '.' + P + 'root .' + P + 'field + .' + P + 'field, .' + P + 'root .' + P + 'row { margin-top: 12px; }',
    '.' + P + 'root .' + P + 'row { display: flex; gap: 12px; }',
    '.' + P + 'root .' + P + 'row > .' + P + 'field { flex: 1; margin-top: 0; }',
    '.' +
      P +
      'root .' +
      P +
      'label { display: block; margin-bottom: 6px; font-size: 12px; font-weight: 600; color: #4f4a4c; }',
    '.' + P + 'root .' + P + 'control { position: relative; display: block; }',
    '.' + P + 'root .' + P + 'input {',
    '  display: block; width: 100%; height: 44px; padding: 0 12px; border: 1px solid #d9d3d1; border-radius: 10px;',
    '  background: #faf8f7; color: #1f1b1d; font-size: 15px; font-variant-numeric: tabular-nums; cursor: default;',
    '  -webkit-appearance: none; appearance: none; }',
    '.' + P + 'root .' + P + 'input.' + P + 'mono { letter-spacing: 0.06em; padding-right: 64px; }',
    '.' + P + 'root .' + P + 'brandmark {',
    '  position: absolute; right: 12px; top: 50%; transform: translateY(-50%); font-size: 12px; font-weight: 800;',
    '  font-style: italic; letter-spacing: 0.04em; color: #1a1f71; pointer-events: none; }',
    '.' + P + 'root .' + P + 'hint { display: block; margin-top: 10px; font-size: 12px; color: #5f5a5c; }',
    // Messages
    '.' + P + 'root .' + P + 'error {',
    '  display: flex; gap: 8px; align-items: flex-start; margin-top: 16px; padding: 10px 12px; border-radius: 10px;',
    '  background: #fdeeee; border: 1px solid #f3c4c4; color: #8c1d1d; font-size: 13px; font-weight: 500; }',
    '.' + P + 'root .' + P + 'error[hidden] { display: none; }',
    '.' + P + 'root .' + P + 'error .' + P + 'icon { margin-top: 1px; }',
    '.' +
      P +
      'root .' +
      P +
      'sr { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }',
    // Actions
    '.' + P + 'root .' + P + 'actions { display: flex; flex-direction: column; gap: 10px; margin-top: 18px; }',
    '.' + P + 'root .' + P + 'btn {',
    '  display: flex; align-items: center; justify-content: center; gap: 8px; width: 100%; border-radius: 12px;',
    '  font-weight: 650; cursor: pointer; text-align: center; transition: filter 120ms, background-color 120ms; }',
    '.' +
      P +
      'root .' +
      P +
      'pay { height: 50px; font-size: 16px; background: var(--' +
      P +
      'accent); color: var(--' +
      P +
      'on-accent); box-shadow: 0 1px 2px rgba(20, 12, 16, 0.18); }',
    '.' + P + 'root .' + P + 'pay:hover { filter: brightness(0.94); }',
    '.' +
      P +
      'root .' +
      P +
      'fail { height: 44px; font-size: 14px; background: #ffffff; color: #4f4a4c; border: 1px solid #d9d3d1; }',
    '.' + P + 'root .' + P + 'fail:hover { background: #f7f4f3; color: #1f1b1d; }',
    '.' + P + 'root .' + P + 'btn[disabled] { cursor: progress; opacity: 0.7; filter: none; }',
    '.' + P + 'root .' + P + 'spin {',
    '  width: 16px; height: 16px; border-radius: 999px; border: 2px solid currentColor; border-right-color: transparent;',
    '  animation: ' + P + 'spin 700ms linear infinite; }',
    '.' + P + 'root .' + P + 'foot {',
    '  display: flex; align-items: center; justify-content: center; gap: 6px; margin-top: 16px;',
    '  font-size: 12px; color: #5f5a5c; text-align: center; }',
    '.' + P + 'root .' + P + 'foot .' + P + 'icon { width: 14px; height: 14px; }',
    // Focus
    '.' + P + 'root button:focus { outline: none; }',
    '.' + P + 'root button:focus-visible, .' + P + 'root input:focus-visible {',
    '  outline: 2px solid var(--' + P + 'accent-ink); outline-offset: 2px; }',
    '.' +
      P +
      'root .' +
      P +
      'input:focus { border-color: #a39a97; outline: 2px solid var(--' +
      P +
      'accent-ink); outline-offset: 1px; }',
    // Phones: a bottom sheet
    '@media (max-width: 480px) {',
    '  .' + P + 'root { align-items: flex-end; padding: 24px 0 0; }',
    '  .' +
      P +
      'root .' +
      P +
      'card { max-width: none; margin: auto 0 0; border-radius: 18px 18px 0 0; animation-name: ' +
      P +
      'up; }',
    '  .' + P + 'root .' + P + 'body { padding-bottom: calc(20px + env(safe-area-inset-bottom, 0px)); }',
    '}',
    '@keyframes ' + P + 'fade { from { opacity: 0; } to { opacity: 1; } }',
    '@keyframes ' +
      P +
      'rise { from { opacity: 0; transform: translateY(12px) scale(0.98); } to { opacity: 1; transform: none; } }',
    '@keyframes ' +
      P +
      'up { from { transform: translateY(40px); opacity: 0.6; } to { transform: none; opacity: 1; } }',
    '@keyframes ' + P + 'spin { to { transform: rotate(360deg); } }',
    '@media (prefers-reduced-motion: reduce) {',
    '  .' + P + 'root, .' + P + 'root .' + P + 'card { animation: none; }',
    '  .' + P + 'root .' + P + 'spin { animation-duration: 2s; }',
    '}',
  ].join('\n');

  function ensureStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = el('style', null, { id: STYLE_ID });
    style.textContent = CSS_TEXT;
    (document.head || document.documentElement).appendChild(style);
  }

  // ---------------------------------------------------------------- Razorpay

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (!options.key) throw new Error('Razorpay: no key passed');
    if (!options.order_id && window.console)
      console.warn('[test checkout] options.order_id is missing; Pay will fail.');
    this._options = options;
    this._listeners = {};
    this._ui = null;
  }

  Razorpay.prototype.on = function (event, fn) {
    if (typeof event === 'string' && typeof fn === 'function') {
      (this._listeners[event] = this._listeners[event] || []).push(fn);
    }
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    var list = (this._listeners[event] || []).slice();
    for (var i = 0; i < list.length; i++) {
      try {
        list[i].call(this, payload);
      } catch (e) {
        if (window.console) console.error(e);
      }
    }
  };

  Razorpay.prototype.open = function () {
    if (this._ui) return this;
    ensureStyle();
    this._ui = buildSheet(this);
    return this;
  };

  /** Closes the sheet as the shopper would (ondismiss is called). */
  Razorpay.prototype.close = function () {
    if (this._ui) this._dismiss();
    return this;
  };

  Razorpay.prototype._teardown = function () {
    var ui = this._ui;
    if (!ui) return;
    this._ui = null;
    if (ui.abort) {
      try {
        ui.abort.abort();
      } catch {
        /* ignore */
      }
    }
    document.removeEventListener('keydown', ui.onKeydown, true);
    document.removeEventListener('focusin', ui.onFocusin, true);
    if (ui.root.parentNode) ui.root.parentNode.removeChild(ui.root);
    ui.inerted.forEach(function (node) {
      node.removeAttribute('inert');
    });
    document.body.style.overflow = ui.bodyOverflow;
    var back = ui.returnFocus;
    if (back && typeof back.focus === 'function' && document.contains(back)) {
      try {
        back.focus({ preventScroll: true });
      } catch {
        /* ignore */
      }
    }
  };

  Razorpay.prototype._dismiss = function () {
    if (!this._ui) return;
    this._teardown();
    var modal = this._options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  // ---------------------------------------------------------------- the sheet

  function buildSheet(rzp) {
    var o = rzp._options;
    var n = ++uid;
    var ids = {
      title: P + 'title-' + n,
      summary: P + 'summary-' + n,
      tabCard: P + 'tab-card-' + n,
      tabUpi: P + 'tab-upi-' + n,
      panelCard: P + 'panel-card-' + n,
      panelUpi: P + 'panel-upi-' + n,
      error: P + 'error-' + n,
    };
    var accent = normaliseColour(o.theme && o.theme.color) || DEFAULT_ACCENT;
    var onAccent = textOn(accent);
    // The accent used as ink on white (focus rings, tab icon) must stay visible.
    var accentInk = 1.05 / (luminance(accent) + 0.05) >= 3 ? accent : '#1f1b1d';
    var shopName = String(o.name || 'Shop');
    var amountText = formatInr(o.amount);
    var prefill = o.prefill || {};

    var root = el('div', P + 'root');
    root.style.setProperty('--' + P + 'accent', accent);
    root.style.setProperty('--' + P + 'on-accent', onAccent);
    root.style.setProperty('--' + P + 'accent-ink', accentInk);

    var card = el('div', P + 'card', {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': ids.title,
      'aria-describedby': ids.summary,
      tabindex: '-1',
    });
    root.appendChild(card);

    // Header
    var head = el('div', P + 'head');
    var brand = el('div', P + 'brand');
    var initial = (shopName.trim().charAt(0) || 'S').toUpperCase();
    brand.appendChild(el('div', P + 'logo', { 'aria-hidden': 'true' }, initial));
    var shop = el('div', P + 'shop');
    shop.appendChild(el('h2', P + 'title', { id: ids.title }, shopName));
    if (o.description) shop.appendChild(el('p', P + 'desc', null, o.description));
    brand.appendChild(shop);
    var closeBtn = el('button', P + 'x', { type: 'button', 'aria-label': 'Close' });
    closeBtn.appendChild(icon('close'));
    brand.appendChild(closeBtn);
    head.appendChild(brand);

    var sum = el('div', P + 'sum');
    var sumText = el('div', null, { id: ids.summary });
    sumText.appendChild(el('span', P + 'sum-label', null, 'Amount to pay'));
    sumText.appendChild(el('span', P + 'amount', null, amountText));
    sum.appendChild(sumText);
    sum.appendChild(el('span', P + 'badge', null, 'TEST MODE'));
    head.appendChild(sum);

    var who = [prefill.email, prefill.contact]
      .filter(function (v) {
        return v !== undefined && v !== null && String(v).trim() !== '';
      })
      .map(String);
    if (who.length) {
      var whoLine = el('p', P + 'who');
      whoLine.appendChild(icon('user'));
      var whoText = el('span');
      whoText.appendChild(document.createTextNode('Paying as '));
      var strong = el('strong');
      who.forEach(function (part, i) {
        // Each part stays whole; a narrow sheet wraps between them.
        strong.appendChild(el('span', P + 'nowrap', null, part + (i < who.length - 1 ? ' \u00B7' : '')));
        if (i < who.length - 1) strong.appendChild(document.createTextNode(' '));
      });
      whoText.appendChild(strong);
      whoLine.appendChild(whoText);
      head.appendChild(whoLine);
    }
    card.appendChild(head);

    // Body: method tabs
    var body = el('div', P + 'body');
    var tablist = el('div', P + 'tabs', { role: 'tablist', 'aria-label': 'Payment method' });
    function makeTab(id, panelId, label, iconName, selected) {
      var tab = el('button', P + 'tab', {
        type: 'button',
        role: 'tab',
        id: id,
        'aria-selected': selected ? 'true' : 'false',
        'aria-controls': panelId,
        tabindex: selected ? '0' : '-1',
      });
      tab.appendChild(icon(iconName));
      tab.appendChild(el('span', null, null, label));
      return tab;
    }
    var tabCard = makeTab(ids.tabCard, ids.panelCard, 'Card', 'card', true);
    var tabUpi = makeTab(ids.tabUpi, ids.panelUpi, 'UPI', 'upi', false);
    tablist.appendChild(tabCard);
    tablist.appendChild(tabUpi);
    body.appendChild(tablist);

    function field(label, value, extraClass, inputAttrs, brandMark) {
      var wrap = el('div', P + 'field');
      var inputId = P + 'in-' + n + '-' + label.toLowerCase().replace(/[^a-z]+/g, '-');
      wrap.appendChild(el('label', P + 'label', { for: inputId }, label));
      var control = el('span', P + 'control');
      var attrs = { id: inputId, type: 'text', readonly: '', autocomplete: 'off', spellcheck: 'false' };
      for (var k in inputAttrs || {}) attrs[k] = inputAttrs[k];
      var input = el('input', P + 'input' + (extraClass ? ' ' + extraClass : ''), attrs);
      input.value = value;
      control.appendChild(input);
      if (brandMark) control.appendChild(el('span', P + 'brandmark', { 'aria-hidden': 'true' }, brandMark));
      wrap.appendChild(control);
      return wrap;
    }

    var panelCard = el('div', P + 'panel', { role: 'tabpanel', id: ids.panelCard, 'aria-labelledby': ids.tabCard });
    panelCard.appendChild(field('Card number', '4111 1111 1111 1111', P + 'mono', { inputmode: 'numeric' }, 'VISA'));
    var row = el('div', P + 'row');
    row.appendChild(field('Expiry (MM/YY)', '12/34', null, { inputmode: 'numeric' }));
    row.appendChild(field('CVV', '123', null, { inputmode: 'numeric' }));
    panelCard.appendChild(row);
    panelCard.appendChild(el('p', P + 'hint', null, 'Test card details are filled in for you.'));

    var panelUpi = el('div', P + 'panel', {
      role: 'tabpanel',
      id: ids.panelUpi,
      'aria-labelledby': ids.tabUpi,
      hidden: '',
    });
    panelUpi.appendChild(field('UPI ID', 'success@razorpay', null, { inputmode: 'email' }));
    panelUpi.appendChild(el('p', P + 'hint', null, 'This simulated UPI request is approved instantly.'));

    body.appendChild(panelCard);
    body.appendChild(panelUpi);

    // Messages
    var errorBox = el('div', P + 'error', { id: ids.error, role: 'alert', hidden: '' });
    errorBox.appendChild(icon('alert'));
    var errorText = el('span');
    errorBox.appendChild(errorText);
    body.appendChild(errorBox);
    var status = el('div', P + 'sr', { role: 'status', 'aria-live': 'polite' });
    body.appendChild(status);

    // Actions
    var actions = el('div', P + 'actions');
    var payLabel = 'Pay ' + amountText;
    var payBtn = el('button', P + 'btn ' + P + 'pay', { type: 'button' }, payLabel);
    var failBtn = el('button', P + 'btn ' + P + 'fail', { type: 'button' }, 'Simulate failure');
    actions.appendChild(payBtn);
    actions.appendChild(failBtn);
    body.appendChild(actions);

    var foot = el('p', P + 'foot');
    foot.appendChild(icon('lock'));
    foot.appendChild(el('span', null, null, 'Simulated checkout \u00B7 no real money is charged'));
    body.appendChild(foot);
    card.appendChild(body);

    // ---- state and behaviour
    var method = 'card';
    var busy = false;
    var ui = {
      root: root,
      abort: null,
      inerted: [],
      bodyOverflow: document.body.style.overflow,
      returnFocus: document.activeElement,
      onKeydown: null,
      onFocusin: null,
    };

    function select(which, focus) {
      method = which;
      var isCard = which === 'card';
      tabCard.setAttribute('aria-selected', String(isCard));
      tabUpi.setAttribute('aria-selected', String(!isCard));
      tabCard.tabIndex = isCard ? 0 : -1;
      tabUpi.tabIndex = isCard ? -1 : 0;
      panelCard.hidden = !isCard;
      panelUpi.hidden = isCard;
      if (focus) (isCard ? tabCard : tabUpi).focus();
    }
    tabCard.addEventListener('click', function () {
      if (!busy) select('card', false);
    });
    tabUpi.addEventListener('click', function () {
      if (!busy) select('upi', false);
    });
    tablist.addEventListener('keydown', function (e) {
      if (busy) return;
      var key = e.key;
      if (key === 'ArrowRight' || key === 'ArrowLeft' || key === 'ArrowDown' || key === 'ArrowUp') {
        select(method === 'card' ? 'upi' : 'card', true);
      } else if (key === 'Home') {
        select('card', true);
      } else if (key === 'End') {
        select('upi', true);
      } else {
        return;
      }
      e.preventDefault();
    });

    function showError(message) {
      errorText.textContent = message;
      errorBox.hidden = false;
    }
    function clearError() {
      errorText.textContent = '';
      errorBox.hidden = true;
    }

    function setBusy(on, which) {
      busy = on;
      if (on) card.focus({ preventScroll: true }); // keep focus inside while the buttons are disabled
      [payBtn, failBtn, closeBtn, tabCard, tabUpi].forEach(function (b) {
        b.disabled = on;
      });
      card.setAttribute('aria-busy', String(on));
      var target = which === 'failure' ? failBtn : payBtn;
      if (on) {
        target.textContent = '';
        target.appendChild(el('span', P + 'spin', { 'aria-hidden': 'true' }));
        target.appendChild(el('span', null, null, 'Processing\u2026'));
        status.textContent = 'Processing\u2026';
      } else {
        payBtn.textContent = payLabel;
        failBtn.textContent = 'Simulate failure';
        status.textContent = '';
      }
    }

    function submit(outcome) {
      if (busy || rzp._ui !== ui) return;
      clearError();
      setBusy(true, outcome);
      var controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
      ui.abort = controller;
      var timer = setTimeout(function () {
        if (controller) controller.abort();
      }, REQUEST_TIMEOUT_MS);
      var sentMethod = method;

      var request = fetch(PAY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, method: sentMethod, outcome: outcome }),
        signal: controller ? controller.signal : undefined,
      }).then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      });

      request.then(
        function (data) {
          clearTimeout(timer);
          if (rzp._ui !== ui) return; // closed meanwhile
          ui.abort = null;
          if (data && data.razorpay_payment_id && data.razorpay_order_id && data.razorpay_signature) {
            rzp._teardown();
            // Outside any catch: an error in the shop's handler surfaces as the shop's own error.
            if (typeof o.handler === 'function') {
              o.handler({
                razorpay_payment_id: data.razorpay_payment_id,
                razorpay_order_id: data.razorpay_order_id,
                razorpay_signature: data.razorpay_signature,
              });
            }
          } else if (data && data.error && typeof data.error === 'object') {
            setBusy(false);
            showError(String(data.error.description || 'Payment failed. Please try again.'));
            payBtn.focus({ preventScroll: true });
            rzp._emit('payment.failed', { error: data.error });
          } else {
            failed(new Error('Unexpected response from the payment server'));
          }
        },
        function (err) {
          clearTimeout(timer);
          if (rzp._ui !== ui) return;
          ui.abort = null;
          failed(err);
        },
      );
    }

    function failed(err) {
      if (window.console) console.warn('[test checkout] payment request failed:', err);
      setBusy(false);
      showError(NETWORK_ERROR);
      payBtn.focus({ preventScroll: true });
    }

    payBtn.addEventListener('click', function () {
      submit('success');
    });
    failBtn.addEventListener('click', function () {
      submit('failure');
    });
    closeBtn.addEventListener('click', function () {
      if (!busy) rzp._dismiss();
    });

    var modalOpts = o.modal || {};
    root.addEventListener('mousedown', function (e) {
      ui.pressedBackdrop = e.target === root;
    });
    root.addEventListener('click', function (e) {
      // Only a press that starts and ends on the backdrop (not a text selection drag out of the card).
      if (e.target === root && ui.pressedBackdrop && !busy && modalOpts.backdropclose !== false) rzp._dismiss();
      ui.pressedBackdrop = false;
    });

    ui.onKeydown = function (e) {
      if (rzp._ui !== ui) return;
      if (e.key === 'Escape' || e.key === 'Esc') {
        e.preventDefault();
        e.stopPropagation();
        if (!busy && modalOpts.escape !== false) rzp._dismiss();
        return;
      }
      if (e.key === 'Tab') {
        var items = focusables(card);
        if (!items.length) {
          e.preventDefault();
          card.focus();
          return;
        }
        var first = items[0];
        var last = items[items.length - 1];
        var active = document.activeElement;
        var inside = card.contains(active);
        if (e.shiftKey && (active === first || active === card || !inside)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !inside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    ui.onFocusin = function (e) {
      if (rzp._ui === ui && !root.contains(e.target)) {
        var items = focusables(card);
        (items[0] || card).focus();
      }
    };

    // Mount
    document.body.appendChild(root);
    Array.prototype.forEach.call(document.body.children, function (child) {
      if (child !== root && !child.hasAttribute('inert') && child.tagName !== 'SCRIPT' && child.tagName !== 'STYLE') {
        child.setAttribute('inert', '');
        ui.inerted.push(child);
      }
    });
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', ui.onKeydown, true);
    document.addEventListener('focusin', ui.onFocusin, true);
    tabCard.focus({ preventScroll: true });
    return ui;
  }

  window.Razorpay = Razorpay;
})();
