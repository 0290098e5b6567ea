import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { unitOfWork, type AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { ipKey } from '../../../lib/rate-limit';
import { adminWork } from '../auth/guard';
import { changeRole } from './roles';
import { acceptInvite, inviteStaff, listStaff, setAccountDisabled } from './staff.service';

export function adminStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.staff.list'], {}, async (req) => ({ data: await listStaff(adminWork(req)) }));

  route(app, ENDPOINTS['admin.staff.invite'], {}, async (req, reply) => {
    await inviteStaff(adminWork(req), req.body);
    return reply.status(201).send({ message: `Invitation sent to ${req.body.email}` });
  });

  for (const [entry, disabled] of [
    [ENDPOINTS['admin.staff.disable'], true],
    [ENDPOINTS['admin.staff.enable'], false],
  ] as const) {
    route(app, entry, {}, async (req) => {
      await setAccountDisabled(adminWork(req), req.params.id, disabled, 'staff');
      return { message: disabled ? 'Account disabled: signed out everywhere' : 'Account enabled again' };
    });
  }

  route(app, ENDPOINTS['admin.staff.setRole'], {}, async (req) => {
    const changed = await changeRole(adminWork(req), req.params.id, req.body.role);
    return { message: changed ? `Role changed: now ${req.body.role}` : `Already ${req.body.role}: nothing changed` };
  });

  // The invitation's link, before any session exists.
  route(app, ENDPOINTS['admin.auth.acceptInvite'], {}, async (req) => {
    await acceptInvite(unitOfWork(ctx, { kind: 'anonymous' }, req.log, ipKey(req.ip)), req.body);
    return { message: 'Password set: you can sign in now' };
  });
}
