import { z } from 'zod';
import { Email, PASSWORD_MAX_LENGTH } from './accounts';
import { ADMIN_PERMISSIONS, ROLES, type Permission, type StaffRole } from './permissions';

export { ADMIN_PERMISSIONS, PERMISSIONS, ROLES, type Permission, type StaffRole } from './permissions';

/**
 * The back office's roles and permissions (docs/product.md#back-office, docs/back-office.md);
 * the table itself is zod-free in permissions.ts, so the endpoint table's routes can name them.
 */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Whether a role may do what a permission names: the only question every admin call and button asks. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (ADMIN_PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Whether a role may sign in to the back office at all. */
export const isStaffRole = (role: Role | null | undefined): role is StaffRole => role === 'staff' || role === 'admin';

/** A back-office session ends after this long without a request (sliding). */
export const ADMIN_IDLE_HOURS = 12;

export const AdminLoginBody = z
  .object({
    email: Email,
    password: z.string({ error: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

export const AdminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['staff', 'admin']),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminMe = z.object({ user: AdminUser, permissions: z.array(z.string()) });
export type AdminMe = z.infer<typeof AdminMe>;

export const AdminLoginResponse = z.object({
  message: z.string(),
  token: z.string(),
  expires_at: z.string(),
  user: AdminUser,
});

export const AUDIT_ENTITIES = [
  'order',
  'user',
  'product',
  'setting',
  'enquiry',
  'category',
  'collection',
  'discount',
] as const;
export const AuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntity>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z
  .object({
    entity_type: AuditEntity.optional(),
    entity_id: z.string().trim().max(40).optional(),
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ data: z.array(AuditEntry), next_before_id: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

export const ADMIN_MESSAGES = {
  signInRequired: 'Please sign in to the back office.',
  noAccess: 'This account has no access to the back office.',
  notAllowed: 'Your role does not allow this.',
  signedIn: 'Signed in',
  signedOut: 'Signed out',
} as const;

/** Days an invitation link stays valid. */
export const INVITE_DAYS = 3;

export const InviteBody = z
  .object({
    email: Email,
    name: z.string().trim().min(1, 'name is required').max(80, 'name must be at most 80 characters'),
    role: z.enum(['staff', 'admin'], { error: 'role must be staff or admin' }).default('staff'),
  })
  .strict();
export type InviteBody = z.infer<typeof InviteBody>;

export const AcceptInviteBody = z
  .object({
    email: Email,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'This link is not complete: open it again from the mail'),
    password: z
      .string({ error: 'password is required' })
      .min(8, 'password must be at least 8 characters')
      .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .strict();
export type AcceptInviteBody = z.infer<typeof AcceptInviteBody>;

export const StaffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['staff', 'admin']),
  disabled: z.boolean(),
  /** Invited and not yet signed up (the link not used). */
  invited: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.object({ data: z.array(StaffMember) });
export const StaffIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
/** A role change is its own call (never a side effect of an invitation); taking the back office away is Disable. */
export const StaffRoleBody = z
  .object({ role: z.enum(['staff', 'admin'], { error: 'role must be staff or admin' }) })
  .strict();
export type StaffRoleBody = z.infer<typeof StaffRoleBody>;
