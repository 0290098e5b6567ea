import { z } from 'zod';
import { Id } from './common';

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** docs/product.md#validation: 10 digits, the first not zero. */
export const PHONE_PATTERN = /^[1-9]\d{9}$/;
export const PHONE_MESSAGE = 'Phone number must be a 10-digit number starting with a non-zero digit.';
export const Phone = z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE);

export const Email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const Password = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const PersonName = z.string().trim().max(80, 'name must be at most 80 characters');

export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(['customer', 'staff', 'admin']),
  /** A guest buyer (no account): their cart and their orders, nothing of an account's. */
  guest: z.boolean(),
});
export type User = z.infer<typeof User>;

export const RegisterBody = z.object({ email: Email, password: Password, name: PersonName.optional() }).strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * Login checks only presence: a wrong password of any length is just 'Invalid Credentials !'.
 * `remember: false` asks for a short session (a day; 'Remember Me' unticked); without it, or
 * true, the session lasts SESSION_TTL_DAYS.
 */
export const LoginBody = z
  .object({
    email: Email,
    password: z.string({ error: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX_LENGTH),
    remember: z.boolean().optional(),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({
  message: z.string(),
  token: z.string(),
  /** When the session ends, unless revoked earlier (ISO 8601). */
  expires_at: z.string(),
  user: User,
});
export const RegisterResponse = z.object({ message: z.string(), user: User });
export const UserResponse = z.object({ user: User });
export const UpdateUserResponse = z.object({ message: z.string(), user: User });

export const UpdateUserBody = z
  .object({
    id: Id,
    name: PersonName.min(1, 'name is required'),
    phone: z.union([z.literal(''), Phone]).default(''),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const Otp = z
  .string({ error: 'otp is required' })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `otp must be ${OTP_LENGTH} digits`);

export const ForgotPasswordBody = z.object({ email: Email }).strict();
export const VerifyOtpBody = z.object({ email: Email, otp: Otp }).strict();
export const ResetPasswordBody = z.object({ email: Email, otp: Otp, new_password: Password }).strict();
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Account self-service (docs/product.md, 'Your account'). */
const CurrentPassword = z
  .string({ error: 'current password is required' })
  .min(1, 'current password is required')
  .max(PASSWORD_MAX_LENGTH);

export const ChangePasswordBody = z.object({ current_password: CurrentPassword, new_password: Password }).strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
/**
 * A changed password ends every session of the account, the one that changed it too: it goes on
 * under this new token (a cookie client is sent the new cookie). `remember` is the old session's
 * choice, so a client keeps its cookie as long as before.
 */
export const ChangePasswordResponse = z.object({
  message: z.string(),
  token: z.string(),
  expires_at: z.string(),
  remember: z.boolean(),
});
export const ChangeEmailBody = z.object({ email: Email }).strict();
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;
export const ConfirmEmailBody = z.object({ otp: Otp }).strict();
export const DeleteAccountBody = z.object({ password: CurrentPassword }).strict();
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
