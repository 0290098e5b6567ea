/** The contact form. */
import { MessageBody } from '../common';
import { ContactBody } from '../contact';
import { endpoints } from './define';

export const contactEndpoints = endpoints(['contact'], {
  // Anyone may write; a session that comes along must be live, and names the enquiry's shopper.
  'contact.send': {
    method: 'POST',
    path: '/contacts',
    auth: 'public',
    body: ContactBody,
    response: MessageBody,
    status: 201,
  },
});
