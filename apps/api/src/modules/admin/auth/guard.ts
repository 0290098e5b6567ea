import {
  ADMIN_IDLE_HOURS,
  ADMIN_MESSAGES,
  adminTokenOf,
  can,
  isStaffRole,
  type AdminUser,
  type Permission,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { staffActor, unitOfWork, type AppContext, type UnitOfWork } from '../../../context';
import { AppError } from '../../../lib/errors';
import { crossSiteRefused, fromShopOrigin, isUnsafeMethod } from '../../../lib/same-origin';
import { extendSession, liveSession } from '../../accounts/session.service';

/**
 * What an admin route needs: a permission of the contract's table, any
 * back-office session (`signed_in`: who am I, sign out), or nothing
 * (`public`: the sign-in itself). Every route under /api/v1/admin declares one;
 * the plugin refuses to start with a route that does not.
 */
export type RouteAccess = Permission | 'signed_in' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in staff member or admin, set by the admin guard. */
    staff: (AdminUser & { token: string }) | null;
  }
}

export const IDLE_MS = ADMIN_IDLE_HOURS * 60 * 60 * 1000;
/** A session is slid forward at most once a minute: a page's burst of calls writes once. */
const SLIDE_STEP_MS = 60 * 1000;

const signInRequired = () => new AppError('unauthorized', ADMIN_MESSAGES.signInRequired);

/** Bearer first (API clients, the pages' in-process calls), else the back office's own cookie. */
function adminToken(req: FastifyRequest, ctx: AppContext): string | null {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer +(\S{1,200})\s*$/i.exec(header);
    if (!match) throw signInRequired();
    return match[1]!;
  }
  const url = new URL(ctx.env.PUBLIC_URL);
  const token = adminTokenOf(req.headers.cookie, url.protocol === 'https:');
  // As the storefront's cookie (lib/auth.ts): a change made with the cookie alone comes from the shop's pages.
  if (token && isUnsafeMethod(req.method) && !fromShopOrigin(req.headers, url.origin)) throw crossSiteRefused();
  return token;
}

/**
 * onRequest hook of every admin route, before the body is even read:
 * anonymous (or an ended session) → 401, a customer → 403, a storefront
 * session of a staff member → 401 (the back office has its own sign-in),
 * a role the permission table does not name → 403.
 */
export const adminGuard = (ctx: AppContext) => async (req: FastifyRequest) => {
  const access = req.routeOptions.config.access;
  if (access === 'public') return;
  const token = adminToken(req, ctx);
  const session = token ? await liveSession(ctx.db, token) : null;
  if (!session || session.disabled) throw signInRequired();
  const { user } = session;
  if (!isStaffRole(user.role)) throw new AppError('forbidden', ADMIN_MESSAGES.noAccess);
  if (session.kind !== 'admin') throw signInRequired();
  // Twelve hours of inactivity end the session (docs/decisions/0009): each call slides it.
  const next = Date.now() + IDLE_MS;
  if (next - session.expiresAt.getTime() > SLIDE_STEP_MS) await extendSession(ctx.db, session.id, new Date(next));
  req.staff = { id: user.id, name: user.name, email: user.email, role: user.role, token: token! };
  if (access === undefined || (access !== 'signed_in' && !can(user.role, access))) {
    throw new AppError('forbidden', ADMIN_MESSAGES.notAllowed);
  }
};

/** The signed-in staff member of a guarded route. */
export function currentStaff(req: FastifyRequest): AdminUser & { token: string } {
  if (!req.staff) throw signInRequired();
  return req.staff;
}

/** The unit of work of an admin call: its actor is the staff member or admin (the lifecycle checks it again). */
export function adminWork(req: FastifyRequest): UnitOfWork {
  const staff = currentStaff(req);
  const actor = staffActor(staff);
  if (!actor) throw new AppError('forbidden', ADMIN_MESSAGES.noAccess);
  return unitOfWork(req.server.ctx, actor, req.log, req.ip);
}
