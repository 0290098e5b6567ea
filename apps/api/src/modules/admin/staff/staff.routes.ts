import { AcceptInviteBody, InviteBody, MessageBody, StaffIdParams, StaffList } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unitOfWork, type AppContext } from '../../../context';
import { ipKey } from '../../../lib/rate-limit';
import { adminWork } from '../auth/guard';
import { acceptInvite, inviteStaff, listStaff, setAccountDisabled } from './staff.service';

const tags = ['admin'];

export function adminStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/staff',
    { config: { access: 'staff.manage' }, schema: { tags, response: { 200: StaffList } } },
    async (req) => ({
      data: await listStaff(adminWork(req)),
    }),
  );

  r.post(
    '/staff/invite',
    { config: { access: 'staff.manage' }, schema: { tags, body: InviteBody, response: { 201: MessageBody } } },
    async (req, reply) => {
      await inviteStaff(adminWork(req), req.body);
      return reply.status(201).send({ message: `Invitation sent to ${req.body.email}` });
    },
  );

  for (const [path, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    r.post(
      `/staff/:id/${path}`,
      { config: { access: 'staff.manage' }, schema: { tags, params: StaffIdParams, response: { 200: MessageBody } } },
      async (req) => {
        await setAccountDisabled(adminWork(req), req.params.id, disabled, 'staff');
        return { message: disabled ? 'Account disabled: signed out everywhere' : 'Account enabled again' };
      },
    );
  }

  // The invitation's link, before any session exists.
  r.post(
    '/invite/accept',
    { config: { access: 'public' }, schema: { tags, body: AcceptInviteBody, response: { 200: MessageBody } } },
    async (req) => {
      await acceptInvite(unitOfWork(ctx, { kind: 'anonymous' }, req.log, ipKey(req.ip)), req.body);
      return { message: 'Password set: you can sign in now' };
    },
  );
}
