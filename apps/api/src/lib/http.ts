import type { FastifyReply } from 'fastify';

/** Sends JSON that is already serialised (a cached answer) as it is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
