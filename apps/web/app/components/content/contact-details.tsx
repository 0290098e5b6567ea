import { MailCardIcon, PhoneCardIcon } from '~/components/ui/form-icons';
import { ClockIcon, PinIcon } from '~/components/ui/icons';
import { SHOP_CONTACT } from '~/lib/config';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The shop's phone numbers, email, studio address and hours (docs/product.md#contact: the contact page shows phone numbers). */
export function ContactDetails() {
  return (
    <div className="self-start rounded-2xl bg-sand/70 p-6 sm:p-8">
      <h2 className="text-2xl text-ink">Other ways to reach us</h2>
      <ul className="mt-6 space-y-6">
        <Item icon={<PhoneCardIcon size={5} />} title="Call us">
          {SHOP_CONTACT.phones.map((phone) => (
            <a key={phone} href={telHref(phone)} className="block font-semibold text-ink hover:text-brand-dark">
              {phone}
            </a>
          ))}
        </Item>
        <Item icon={<MailCardIcon size={5} />} title="Email">
          <a href={`mailto:${SHOP_CONTACT.email}`} className="font-semibold break-all text-ink hover:text-brand-dark">
            {SHOP_CONTACT.email}
          </a>
        </Item>
        <Item icon={<ClockIcon size={5} />} title="Working hours">
          <p className="text-ink">{SHOP_CONTACT.hours}</p>
        </Item>
        <Item icon={<PinIcon size={5} />} title="Our studio">
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
