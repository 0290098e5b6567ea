import { ENDPOINTS, MESSAGES, type MessageChannel } from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireAccount, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import { sameSecret } from './channel';
import { messageConsent, updateMessageConsent } from './consent.service';
import { applyWebhook } from './messages.service';
import { unsubscribeByLink } from './unsubscribe';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** A provider's webhook: its sender checked by the channel (a signature, a token), then applied. */
async function receive(
  req: FastifyRequest,
  ctx: AppContext,
  channel: MessageChannel,
  auth: { signature?: string; token?: string },
) {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
  const news = ctx.channels[channel]?.readWebhook(raw, auth) ?? null;
  if (!news) throw new AppError('unauthorized', 'Invalid webhook', ['The webhook is not signed by the provider']);
  const done = await applyWebhook(requestWork(req), channel, news);
  req.log.info({ channel, ...done }, 'message webhook');
  return { status: 'ok' };
}

/** The shopper's consent to messages, and the providers' webhooks (docs/product.md 'Messages to shoppers'). */
export function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const onRequest = requireAccount(ctx.db);
  // A guest reads it too: the checkout offers order messages to every buyer; only an account has the form.
  route(app, ENDPOINTS['accounts.messageConsent'], { onRequest: requireUser(ctx.db) }, (req) =>
    messageConsent(requestWork(req), currentUser(req).id),
  );
  route(app, ENDPOINTS['accounts.updateMessageConsent'], { onRequest }, async (req) => ({
    message: req.body.marketing ? MESSAGES.marketingConsentSaved : MESSAGES.messageConsentSaved,
    data: await updateMessageConsent(requestWork(req), currentUser(req).id, req.body),
  }));

  // Meta's check of the address when the owner sets up the webhook: the challenge, as text.
  route(app, ENDPOINTS['messages.whatsappVerify'], {}, (req, reply) => {
    const expected = ctx.env.WHATSAPP_VERIFY_TOKEN;
    const q = req.query;
    if (
      !ctx.channels.whatsapp ||
      !expected ||
      q['hub.mode'] !== 'subscribe' ||
      !sameSecret(expected, q['hub.verify_token'])
    ) {
      throw new AppError('forbidden', 'The verify token does not match');
    }
    // Meta's challenge is a number: nothing else is echoed back.
    const challenge = q['hub.challenge'] ?? '';
    if (!/^[\w-]{1,100}$/.test(challenge)) throw new AppError('invalid', 'hub.challenge is not a challenge Meta sends');
    return reply.type('text/plain').send(challenge);
  });

  // Webhooks are checked on the exact bytes received, so this scope keeps the body raw.
  app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) => next(null, body));
    route(scope, ENDPOINTS['messages.whatsappWebhook'], {}, (req) =>
      receive(req, ctx, 'whatsapp', { signature: header(req, 'x-hub-signature-256') }),
    );
    route(scope, ENDPOINTS['messages.msg91Report'], {}, (req) => receive(req, ctx, 'sms', { token: req.query.token }));
    route(scope, ENDPOINTS['messages.msg91Inbound'], {}, (req) => receive(req, ctx, 'sms', { token: req.query.token }));
    done();
  });

  // A mail app's one-click unsubscribe posts a form (List-Unsubscribe=One-Click): the link says it all.
  app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, next) =>
      next(null, {}),
    );
    route(scope, ENDPOINTS['messages.unsubscribe'], {}, async (req) => ({
      message: await unsubscribeByLink(requestWork(req), req.params),
    }));
    done();
  });
}
