export const SHOP_NAME = 'Little Loom';
export const SHOP_TAGLINE = 'Handcrafted clothing and accessories for little ones';
export const TOAST_DURATION_MS = 1500;

/** Contact details shown in the footer and on the contact page. */
export const SHOP_CONTACT = {
  phones: ['+91 98290 12345', '+91 141 400 1234'],
  email: 'hello@littleloom.example',
  address: '14 Artisans Lane, C-Scheme, Jaipur 302001, Rajasthan, India',
  hours: 'Monday till Friday 10 AM to 7 PM',
};
