/** The back office's orders, returns and refunds. */
import { AdminOrderDetail, AdminOrderIdParams, AdminOrderList, AdminOrderQuery, BulkShipBody } from '../admin-orders';
import { BulkShipResponse, MoveBody, MoveResponse, NoteBody, ShipBody, SlipQuery } from '../admin-orders';
import { CodRemittanceBody, CodRemittanceResponse, GoodwillRefundBody } from '../admin-orders';
import { ShipmentBody, ShipmentParams } from '../admin-orders';
import { AcceptReturnBody, EnquiryIdParams, RefundActionBody, RefundActionResponse } from '../admin-returns';
import { RefundIdParams, RefundIssues, RejectReturnBody, ReturnDecisionResponse } from '../admin-returns';
import { ReturnDetail, ReturnsPage, ReturnsQuery, TransferBody } from '../admin-returns';
import { MessageBody } from '../common';
import { endpoints, get, post } from './define';

const orderMove = { params: AdminOrderIdParams, body: MoveBody, response: MoveResponse } as const;
const refundAction = { params: RefundIdParams, body: RefundActionBody, response: RefundActionResponse } as const;

export const adminOrderEndpoints = endpoints(['admin'], {
  'admin.orders.list': get('/admin/orders', 'orders.read', { query: AdminOrderQuery, response: AdminOrderList }),
  // A PDF of packing slips or labels.
  'admin.orders.slips': get('/admin/orders/slips', 'orders.slips', { query: SlipQuery }),
  'admin.orders.bulkShip': post('/admin/orders/bulk-ship', 'orders.ship', {
    body: BulkShipBody,
    response: BulkShipResponse,
  }),
  'admin.orders.get': get('/admin/orders/:id', 'orders.read', {
    params: AdminOrderIdParams,
    response: AdminOrderDetail,
  }),
  'admin.orders.note': post('/admin/orders/:id/notes', 'orders.note', {
    params: AdminOrderIdParams,
    body: NoteBody,
    response: MessageBody,
  }),
  'admin.orders.ship': post('/admin/orders/:id/ship', 'orders.ship', {
    params: AdminOrderIdParams,
    body: ShipBody,
    response: MoveResponse,
  }),
  // A parcel of some pieces: the last pieces left take the order to shipped, as the whole 'ship' does.
  'admin.orders.shipPart': post('/admin/orders/:id/shipments', 'orders.ship', {
    params: AdminOrderIdParams,
    body: ShipmentBody,
    response: MoveResponse,
  }),
  // A PDF: one shipment's packing slip.
  'admin.orders.shipmentSlip': get('/admin/orders/:id/shipments/:shipment/slip', 'orders.slips', {
    params: ShipmentParams,
  }),
  'admin.orders.deliver': post('/admin/orders/:id/deliver', 'orders.deliver', orderMove),
  'admin.orders.cancelUnpaid': post('/admin/orders/:id/cancel-unpaid', 'orders.cancel_unpaid', orderMove),
  'admin.orders.cancelPaid': post('/admin/orders/:id/cancel-paid', 'orders.cancel_paid', orderMove),
  // Cash on delivery: a parcel refused at the door, and the courier's remittance for many orders at once.
  'admin.orders.returnToOrigin': post('/admin/orders/:id/return-to-origin', 'orders.return_to_origin', orderMove),
  // A goodwill refund: an amount given back outside a return, with its reason (admins).
  'admin.orders.refund': post('/admin/orders/:id/refund', 'refunds.manage', {
    params: AdminOrderIdParams,
    body: GoodwillRefundBody,
    response: MoveResponse,
  }),
  'admin.orders.codRemittance': post('/admin/orders/cod-remittance', 'orders.cod_remittance', {
    body: CodRemittanceBody,
    response: CodRemittanceResponse,
  }),
  'admin.returns.list': get('/admin/returns', 'orders.read', { query: ReturnsQuery, response: ReturnsPage }),
  'admin.returns.get': get('/admin/returns/:id', 'orders.read', { params: EnquiryIdParams, response: ReturnDetail }),
  'admin.returns.accept': post('/admin/returns/:id/accept', 'returns.decide', {
    params: EnquiryIdParams,
    body: AcceptReturnBody,
    response: ReturnDecisionResponse,
  }),
  // The returned parcel reached the shop: the shopper is mailed (docs/back-office.md 'Returns').
  'admin.returns.received': post('/admin/returns/:id/received', 'returns.decide', {
    params: EnquiryIdParams,
    response: ReturnDecisionResponse,
  }),
  'admin.returns.reject': post('/admin/returns/:id/reject', 'returns.decide', {
    params: EnquiryIdParams,
    body: RejectReturnBody,
    response: ReturnDecisionResponse,
  }),
  'admin.refunds.list': get('/admin/refunds', 'refunds.manage', { response: RefundIssues }),
  'admin.refunds.retry': post('/admin/refunds/:id/retry', 'refunds.manage', refundAction),
  // A cash-on-delivery order's refund, paid by the shop's own transfer: recorded with its UTR.
  'admin.refunds.transfer': post('/admin/refunds/:id/transfer', 'refunds.manage', {
    params: RefundIdParams,
    body: TransferBody,
    response: RefundActionResponse,
  }),
  'admin.refunds.resolveIncident': post('/admin/refunds/incidents/:id/resolve', 'refunds.manage', refundAction),
});
