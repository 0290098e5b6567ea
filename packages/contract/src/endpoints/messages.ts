/** The message providers' webhooks: delivery statuses and shoppers' replies (docs/product.md 'Messages to shoppers'). */
import { MessageBody } from '../common';
import { MessageWebhookAnswer, Msg91WebhookQuery, UnsubscribeParams, WhatsAppVerifyQuery } from '../shopper-messages';
import { endpoints } from './define';

export const messageEndpoints = endpoints(['messages'], {
  // Meta checks the address once when the webhook is set up: the challenge back, as text.
  'messages.whatsappVerify': {
    method: 'GET',
    path: '/messages/whatsapp/webhook',
    auth: 'public',
    query: WhatsAppVerifyQuery,
    hide: true,
  },
  'messages.whatsappWebhook': {
    method: 'POST',
    path: '/messages/whatsapp/webhook',
    auth: 'public',
    response: MessageWebhookAnswer,
  },
  'messages.msg91Report': {
    method: 'POST',
    path: '/messages/msg91/report',
    auth: 'public',
    query: Msg91WebhookQuery,
    response: MessageWebhookAnswer,
  },
  'messages.msg91Inbound': {
    method: 'POST',
    path: '/messages/msg91/inbound',
    auth: 'public',
    query: Msg91WebhookQuery,
    response: MessageWebhookAnswer,
  },
  // A marketing mail's unsubscribe link: its own page posts here, and so does a mail app's
  // one-click unsubscribe (RFC 8058: a form body of List-Unsubscribe=One-Click).
  'messages.unsubscribe': {
    method: 'POST',
    path: '/messages/unsubscribe/:user/:token',
    auth: 'public',
    params: UnsubscribeParams,
    response: MessageBody,
  },
});
