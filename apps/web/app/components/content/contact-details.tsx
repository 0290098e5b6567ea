import { SHOP_CONTACT } from '~/lib/config';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The shop's phone numbers, email, studio address and hours (docs/product.md#contact: the contact page shows phone numbers). */
export function ContactDetails() {
  return (
    <div className="self-start rounded-2xl bg-sand/70 p-6 sm:p-8">
      <h2 className="text-2xl text-ink">Other ways to reach us</h2>
      <ul className="mt-6 space-y-6">
        <Item icon={<PhoneIcon />} title="Call us">
          {SHOP_CONTACT.phones.map((phone) => (
            <a key={phone} href={telHref(phone)} className="block font-semibold text-ink hover:text-brand-dark">
              {phone}
            </a>
          ))}
        </Item>
        <Item icon={<MailIcon />} title="Email">
          <a href={`mailto:${SHOP_CONTACT.email}`} className="font-semibold break-all text-ink hover:text-brand-dark">
            {SHOP_CONTACT.email}
          </a>
        </Item>
        <Item icon={<ClockIcon />} title="Working hours">
          <p className="text-ink">{SHOP_CONTACT.hours}</p>
        </Item>
        <Item icon={<PinIcon />} title="Our studio">
          <address className="text-ink not-italic">{SHOP_CONTACT.address}</address>
        </Item>
      </ul>
    </div>
  );
}

function Item({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-dark shadow-xs">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-bold tracking-widest text-muted uppercase">{title}</p>
        <div className="mt-1 space-y-0.5">{children}</div>
      </div>
    </li>
  );
}

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  className: 'size-5',
};

function PhoneIcon() {
  return (
    <svg {...iconProps}>
      <path d="M5 4h3.5l1.5 4.5-2.2 1.3a11 11 0 0 0 6.4 6.4l1.3-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10" r="2.3" />
    </svg>
  );
}
