import {
  AddressBody,
  AddressesResponse,
  AddressResponse,
  DeleteAddressBody,
  MESSAGES,
  MessageBody,
  UpdateAddressBody,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import * as addresses from './addresses.service';

const tags = ['addresses'];
const security = [{ bearer: [] }];

export function addressRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(db);

  r.get('/address', { schema: { tags, security, response: { 200: AddressesResponse } }, onRequest }, async (req) => ({
    data: await addresses.listAddresses(db, currentUser(req).id),
  }));

  r.post(
    '/address',
    { schema: { tags, security, body: AddressBody, response: { 201: AddressResponse } }, onRequest },
    async (req, reply) =>
      reply.status(201).send({
        message: MESSAGES.addressAdded,
        data: await addresses.addAddress(db, currentUser(req).id, req.body, currentUser(req).name),
      }),
  );

  r.put(
    '/address',
    { schema: { tags, security, body: UpdateAddressBody, response: { 200: AddressResponse } }, onRequest },
    async (req) => ({
      message: MESSAGES.addressUpdated,
      data: await addresses.updateAddress(db, currentUser(req).id, req.body),
    }),
  );

  r.delete(
    '/address',
    { schema: { tags, security, body: DeleteAddressBody, response: { 200: MessageBody } }, onRequest },
    async (req) => {
      await addresses.deleteAddress(db, currentUser(req).id, req.body.id);
      return { message: MESSAGES.addressDeleted };
    },
  );
}
