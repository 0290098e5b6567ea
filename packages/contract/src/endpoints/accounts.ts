/** A shopper's account: signing up and in, the profile, passwords, email, export and deletion. */
import { RegisterBody, RegisterResponse, LoginBody, LoginResponse, UserResponse } from '../accounts';
import { UpdateUserBody, UpdateUserResponse, ForgotPasswordBody, VerifyOtpBody, ResetPasswordBody } from '../accounts';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  ChangeEmailBody,
  ConfirmEmailBody,
  DeleteAccountBody,
} from '../accounts';
import { MessageBody } from '../common';
import { StoreCredit } from '../credit';
import { MessageConsent, MessageConsentResponse, UpdateMessageConsentBody } from '../shopper-messages';
import { endpoints } from './define';

export const accountEndpoints = endpoints(['accounts'], {
  'accounts.register': {
    method: 'POST',
    path: '/register',
    auth: 'public',
    body: RegisterBody,
    response: RegisterResponse,
    status: 201,
  },
  'accounts.login': { method: 'POST', path: '/login', auth: 'public', body: LoginBody, response: LoginResponse },
  'accounts.logout': { method: 'POST', path: '/logout', auth: 'shopper', response: MessageBody },
  'accounts.me': { method: 'GET', path: '/user/me', auth: 'shopper', response: UserResponse },
  // The account's store credit: its balance and where each amount came from (an account's, not a guest's).
  'accounts.credit': { method: 'GET', path: '/user/credit', auth: 'shopper', response: StoreCredit },
  'accounts.update': {
    method: 'PUT',
    path: '/user/update',
    auth: 'shopper',
    body: UpdateUserBody,
    response: UpdateUserResponse,
  },
  'accounts.forgotPassword': {
    method: 'POST',
    path: '/forgot-password-otp',
    auth: 'public',
    body: ForgotPasswordBody,
    response: MessageBody,
  },
  'accounts.verifyResetCode': {
    method: 'POST',
    path: '/verify-forgot-otp',
    auth: 'public',
    body: VerifyOtpBody,
    response: MessageBody,
  },
  'accounts.resetPassword': {
    method: 'POST',
    path: '/reset-password',
    auth: 'public',
    body: ResetPasswordBody,
    response: MessageBody,
  },
  'accounts.changePassword': {
    method: 'POST',
    path: '/user/password',
    auth: 'shopper',
    body: ChangePasswordBody,
    response: ChangePasswordResponse,
  },
  'accounts.changeEmail': {
    method: 'POST',
    path: '/user/email',
    auth: 'shopper',
    body: ChangeEmailBody,
    response: MessageBody,
  },
  'accounts.confirmEmail': {
    method: 'POST',
    path: '/user/email/confirm',
    auth: 'shopper',
    body: ConfirmEmailBody,
    response: UpdateUserResponse,
  },
  'accounts.delete': {
    method: 'POST',
    path: '/user/delete',
    auth: 'shopper',
    body: DeleteAccountBody,
    response: MessageBody,
  },
  // Which channels besides email get messages about the shopper's orders (docs/product.md 'Messages to shoppers').
  'accounts.messageConsent': {
    method: 'GET',
    path: '/user/message-consent',
    auth: 'shopper',
    response: MessageConsent,
  },
  'accounts.updateMessageConsent': {
    method: 'PUT',
    path: '/user/message-consent',
    auth: 'shopper',
    body: UpdateMessageConsentBody,
    response: MessageConsentResponse,
  },
  // A JSON attachment of everything the shop holds about the shopper.
  'accounts.export': { method: 'GET', path: '/user/export', auth: 'shopper' },
});
