/** The back office's shoppers, enquiries and staff. */
import { InviteBody, StaffIdParams, StaffList, StaffRoleBody } from '../admin';
import {
  CustomerActionBody,
  CustomerActionResponse,
  CustomerDetail,
  CustomersPage,
  CustomersQuery,
} from '../admin-people';
import { EnquiriesPage, EnquiriesQuery, EnquiryDetail, EnquiryResponse, EnquiryStatusBody } from '../admin-people';
import { ReplyBody } from '../admin-people';
import { GrantCreditBody, GrantCreditResponse } from '../credit';
import { EnquiryIdParams } from '../admin-returns';
import { MessageBody } from '../common';
import { endpoints, get, post, put } from './define';

const customerAction = { params: EnquiryIdParams, body: CustomerActionBody, response: CustomerActionResponse } as const;
const staffSwitch = { params: StaffIdParams, response: MessageBody } as const;

export const adminPeopleEndpoints = endpoints(['admin'], {
  'admin.customers.list': get('/admin/customers', 'customers.read', { query: CustomersQuery, response: CustomersPage }),
  'admin.customers.get': get('/admin/customers/:id', 'customers.read', {
    params: EnquiryIdParams,
    response: CustomerDetail,
  }),
  'admin.customers.disable': post('/admin/customers/:id/disable', 'customers.disable', customerAction),
  'admin.customers.enable': post('/admin/customers/:id/enable', 'customers.disable', customerAction),
  // Store credit given by an admin, with the reason the shopper reads (money: as refunds are).
  'admin.customers.grantCredit': post('/admin/customers/:id/credit', 'refunds.manage', {
    params: EnquiryIdParams,
    body: GrantCreditBody,
    response: GrantCreditResponse,
  }),
  'admin.enquiries.list': get('/admin/enquiries', 'enquiries.manage', {
    query: EnquiriesQuery,
    response: EnquiriesPage,
  }),
  'admin.enquiries.get': get('/admin/enquiries/:id', 'enquiries.manage', {
    params: EnquiryIdParams,
    response: EnquiryDetail,
  }),
  'admin.enquiries.reply': post('/admin/enquiries/:id/reply', 'enquiries.manage', {
    params: EnquiryIdParams,
    body: ReplyBody,
    response: EnquiryResponse,
  }),
  'admin.enquiries.setStatus': post('/admin/enquiries/:id/status', 'enquiries.manage', {
    params: EnquiryIdParams,
    body: EnquiryStatusBody,
    response: EnquiryResponse,
  }),
  'admin.staff.list': get('/admin/staff', 'staff.manage', { response: StaffList }),
  'admin.staff.invite': post('/admin/staff/invite', 'staff.manage', {
    body: InviteBody,
    response: MessageBody,
    status: 201,
  }),
  'admin.staff.disable': post('/admin/staff/:id/disable', 'staff.manage', staffSwitch),
  'admin.staff.enable': post('/admin/staff/:id/enable', 'staff.manage', staffSwitch),
  'admin.staff.setRole': put('/admin/staff/:id/role', 'staff.manage', {
    params: StaffIdParams,
    body: StaffRoleBody,
    response: MessageBody,
  }),
});
