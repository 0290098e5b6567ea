import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

function loadGa(id: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag(...args: unknown[]) {
    window.dataLayer!.push(args);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

const PRIVATE_QUERY = /^\/(otp-page|reset-password|forgot-password|login|signup)\/?$/;

/**
 * Every page view goes to the shop's own log, and to Google Analytics 4 when
 * configured (docs/product.md#analytics), as manual page_view events on route change.
 */
export function usePageViews(gaMeasurementId: string | null) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Account-recovery addresses carry an email; they are logged without their query.
    const path = PRIVATE_QUERY.test(pathname) ? pathname : `${pathname}${search}`;
    const body = JSON.stringify({ path: path.slice(0, 500), referrer: document.referrer.slice(0, 500) });
    const sent = navigator.sendBeacon?.('/api/v1/analytics/pageview', new Blob([body], { type: 'application/json' }));
    if (!sent) {
      void fetch('/api/v1/analytics/pageview', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        keepalive: true,
      }).catch(() => undefined);
    }
    if (gaMeasurementId) {
      loadGa(gaMeasurementId);
      window.gtag?.('event', 'page_view', {
        page_path: path,
        page_location: `${window.location.origin}${path}`,
        page_title: document.title,
      });
    }
  }, [pathname, search, gaMeasurementId]);
}
