/** The shop's own calls: its health, its public settings, page views, shipping rates. */
import { PageViewBody, PublicConfig } from '../analytics';
import { ErrorBody, HealthBody } from '../common';
import { ShippingRatesResponse } from '../shipping';
import { endpoints } from './define';

export const shopEndpoints = {
  ...endpoints(['health'], {
    health: { method: 'GET', path: '/health', auth: 'public', response: HealthBody, also: { 503: ErrorBody } },
  }),
  ...endpoints(['shop'], {
    'shop.config': { method: 'GET', path: '/config', auth: 'public', response: PublicConfig },
    'analytics.pageView': {
      method: 'POST',
      path: '/analytics/pageview',
      auth: 'public',
      body: PageViewBody,
      status: 204,
    },
  }),
  ...endpoints(['shipping'], {
    'shipping.rates': { method: 'GET', path: '/shipping/rates', auth: 'public', response: ShippingRatesResponse },
  }),
};
