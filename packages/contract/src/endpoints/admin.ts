/** The back office's sign-in, dashboard, activity log and mail previews. */
import { AcceptInviteBody, AdminLoginBody, AdminLoginResponse, AdminMe, AuditPage, AuditQuery } from '../admin';
import { MailPreviews } from '../admin-mails';
import { Dashboard } from '../admin-orders';
import { MessageBody } from '../common';
import { AdminMessages, AdminMessagesQuery } from '../shopper-messages';
import { endpoints, get, post } from './define';

export const adminEndpoints = endpoints(['admin'], {
  'admin.auth.login': post('/admin/login', 'public', { body: AdminLoginBody, response: AdminLoginResponse }),
  'admin.auth.logout': post('/admin/logout', 'signed_in', { response: MessageBody }),
  'admin.auth.me': get('/admin/me', 'signed_in', { response: AdminMe }),
  // The invitation's link, before any session exists.
  'admin.auth.acceptInvite': post('/admin/invite/accept', 'public', { body: AcceptInviteBody, response: MessageBody }),
  'admin.dashboard.get': get('/admin/dashboard', 'dashboard.read', { response: Dashboard }),
  'admin.activity.list': get('/admin/activity', 'activity.read', { query: AuditQuery, response: AuditPage }),
  'admin.mails.previews': get('/admin/mails', 'mails.preview', { response: MailPreviews }),
  // WhatsApp and SMS messages sent to shoppers, those given up first (docs/back-office.md 'Messages (/admin/messages)').
  'admin.messages.list': get('/admin/messages', 'messages.read', {
    query: AdminMessagesQuery,
    response: AdminMessages,
  }),
});
