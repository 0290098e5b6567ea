/** The back office's discount codes: staff read them, the owner writes them. */
import { AdminDiscountList, AdminDiscountResponse, DiscountActiveBody, DiscountBody } from '../discounts';
import { DiscountListQuery, DiscountParams } from '../discounts';
import { endpoints, get, post, put } from './define';

export const adminDiscountEndpoints = endpoints(['admin'], {
  'admin.discounts.list': get('/admin/discounts', 'discounts.read', {
    query: DiscountListQuery,
    response: AdminDiscountList,
  }),
  'admin.discounts.csv': get('/admin/discounts/export.csv', 'discounts.read'),
  'admin.discounts.get': get('/admin/discounts/:id', 'discounts.read', {
    params: DiscountParams,
    response: AdminDiscountResponse,
  }),
  'admin.discounts.create': post('/admin/discounts', 'discounts.write', {
    body: DiscountBody,
    response: AdminDiscountResponse,
    status: 201,
  }),
  'admin.discounts.update': put('/admin/discounts/:id', 'discounts.write', {
    params: DiscountParams,
    body: DiscountBody,
    response: AdminDiscountResponse,
  }),
  'admin.discounts.setActive': post('/admin/discounts/:id/active', 'discounts.write', {
    params: DiscountParams,
    body: DiscountActiveBody,
    response: AdminDiscountResponse,
  }),
});
