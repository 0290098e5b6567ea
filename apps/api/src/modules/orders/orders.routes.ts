import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireAccount, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as orders from './orders.service';
import { quoteCheckout } from './checkout-quote';
import { placeOrder } from './place-order';
import * as guests from './guests';
import { confirmCodOrder, resendCodCode } from './cod-code';

export function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const onRequest = requireUser(ctx.db);

  route(app, ENDPOINTS['orders.place'], { onRequest }, async (req, reply) => {
    const { order, replayed } = await placeOrder(
      requestWork(req),
      currentUser(req),
      req.body,
      req.headers['idempotency-key'],
    );
    // What comes next, in words: paying online (or nothing: store credit paid it), entering the mailed code, or waiting for the parcel (COD).
    const message =
      order.payment_method !== 'COD'
        ? order.payable === 0
          ? MESSAGES.orderPaidWithCredit
          : MESSAGES.orderPlaced
        : order.can_confirm_cod
          ? MESSAGES.codPlaced
          : MESSAGES.codPlacedConfirmed;
    return reply.status(replayed ? 200 : 201).send({ message, data: [order] });
  });

  route(app, ENDPOINTS['orders.quote'], { onRequest }, async (req) => ({
    data: await quoteCheckout(requestWork(req), currentUser(req), req.body),
  }));

  route(app, ENDPOINTS['orders.list'], { onRequest }, async (req) => ({
    data: await orders.listOrders(requestWork(req)),
  }));

  route(app, ENDPOINTS['orders.get'], { onRequest }, async (req) => ({
    data: await orders.getOrder(requestWork(req), req.params.id),
  }));

  route(app, ENDPOINTS['orders.cancel'], { onRequest }, (req) =>
    orders.cancelOrder(requestWork(req), req.body.order_id),
  );

  // Buying as a guest (docs/product.md 'Buying as a guest').
  route(app, ENDPOINTS['guests.details'], { onRequest }, async (req) => ({
    message: MESSAGES.guestDetailsSaved,
    data: await guests.saveGuestDetails(requestWork(req), currentUser(req), req.token!, req.body),
  }));

  route(app, ENDPOINTS['guests.orderLink'], {}, (req) => guests.openOrderLink(requestWork(req), req.body));

  route(app, ENDPOINTS['guests.findOrder'], {}, (req) => guests.findOrder(requestWork(req), req.body));

  const account = requireAccount(ctx.db);
  route(app, ENDPOINTS['orders.guestOrders'], { onRequest: account }, async (req) => ({
    count: await guests.countGuestOrders(requestWork(req), currentUser(req)),
  }));

  route(app, ENDPOINTS['orders.guestOrdersCode'], { onRequest: account }, async (req) => {
    await guests.sendGuestOrdersCode(requestWork(req), currentUser(req));
    return { message: MESSAGES.guestOrdersCodeSent };
  });

  route(app, ENDPOINTS['orders.claimGuestOrders'], { onRequest: account }, async (req) => {
    const claimed = await guests.claimGuestOrders(requestWork(req), currentUser(req), req.body);
    const orders = claimed === 1 ? '1 order' : `${claimed} orders`;
    return { message: `${orders} placed as a guest are now in My Orders.`, claimed };
  });
  route(app, ENDPOINTS['orders.codConfirm'], { onRequest }, (req) =>
    confirmCodOrder(requestWork(req), req.params.id, req.body.code),
  );

  route(app, ENDPOINTS['orders.codResend'], { onRequest }, (req) => resendCodCode(requestWork(req), req.params.id));
}
