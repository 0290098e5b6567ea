/** 'Tell me when it's back' on a sold-out size, and its way out (docs/product.md 'Back in stock'). */
import {
  BackInStockAnswer,
  BackInStockBody,
  BackInStockStopAnswer,
  BackInStockStopBody,
  BackInStockStopQuery,
} from '../back-in-stock';
import { endpoints } from './define';

export const backInStockEndpoints = endpoints(['back-in-stock'], {
  // Anyone may ask: an account for its own email, a guest (rate limited) for the one given.
  'backInStock.ask': {
    method: 'POST',
    path: '/back-in-stock',
    auth: 'public',
    body: BackInStockBody,
    response: BackInStockAnswer,
    status: 201,
  },
  // The mail's link: whose requests it stops, before the one click that stops them.
  'backInStock.stopInfo': {
    method: 'GET',
    path: '/back-in-stock/stop',
    auth: 'public',
    query: BackInStockStopQuery,
    response: BackInStockStopAnswer,
  },
  'backInStock.stop': {
    method: 'POST',
    path: '/back-in-stock/stop',
    auth: 'public',
    body: BackInStockStopBody,
    response: BackInStockStopAnswer,
  },
});
