import type { Category } from '@shop/contract';
import type { RootData } from '~/root';
import { Link } from 'react-router';
import { useAuth } from '~/lib/auth';
import { SHOP_CONTACT, SHOP_NAME, SHOP_TAGLINE } from '~/lib/config';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../ui/icons';
import { SocialLinks } from './nav';

const CUSTOMER_SERVICE = [
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/cancellation-and-refunds', label: 'Cancellation and Refunds' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/about-the-seller', label: 'About the Seller' },
  { to: '/orders', label: 'My Orders' },
  { to: '/order-status', label: 'Find your order' },
  { to: '/wishlist', label: 'Wishlist' },
] as const;

const link = 'text-ink/85 underline-offset-4 transition hover:text-brand-dark hover:underline';
/** Links inside a sentence are underlined: colour alone does not tell them apart. */
const inlineLink = 'text-ink/85 underline underline-offset-4 transition hover:text-brand-dark';

/** The footer (docs/product.md#layout): useful links, categories, customer service, contact details and hours. */
export function Footer({ categories, shop }: { categories: Category[]; shop: RootData['shop'] }) {
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const useful = [
    { to: '/', label: 'Home' },
    { to: '/shop', label: 'Shop' },
    { to: '/about', label: 'About Us' },
    { to: '/contact', label: 'Contact Us' },
    signedIn ? { to: '/my-profile', label: 'My Account' } : { to: '/login', label: 'Sign in' },
  ];

  return (
    <footer className="mt-20 border-t border-linen bg-sand text-[0.95rem] text-ink [contain-intrinsic-size:auto_1100px] [content-visibility:auto] lg:[contain-intrinsic-size:auto_620px]">
      <div className="container-shop grid grid-cols-2 gap-x-6 gap-y-10 py-14 sm:gap-x-8 md:grid-cols-3 lg:grid-cols-[1.3fr_0.8fr_1fr_1.1fr_1.4fr] lg:py-16">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <Link to="/" className="font-display text-3xl font-semibold text-brand-dark">
            {SHOP_NAME}
          </Link>
          <p className="mt-3 max-w-xs leading-relaxed text-muted">{SHOP_TAGLINE}, made slowly and with care.</p>
          <SocialLinks className="mt-5 flex gap-2" linkClassName="size-10 bg-cream" label="Follow us" />
        </div>

        <FooterColumn title="Useful links" links={useful} />

        <FooterColumn
          title="Categories"
          links={categories.map((c) => ({ to: `/categories/${c.slug}`, label: c.name }))}
          className="col-span-2 max-md:order-1 md:col-span-1"
          listClassName="max-md:columns-2 max-md:gap-x-6 max-md:*:mb-2.5 md:flex md:flex-col md:gap-2.5"
        />

        <FooterColumn title="Customer service" links={CUSTOMER_SERVICE} />

        <section aria-labelledby="footer-contact" className="col-span-2 max-md:order-2 md:col-span-3 lg:col-span-1">
          <h2
            id="footer-contact"
            className="mb-4 font-sans text-xs font-bold tracking-[0.2em] text-brand-dark uppercase"
          >
            Get in touch
          </h2>
          <address className="flex flex-col gap-3 not-italic">
            {SHOP_CONTACT.phones.map((phone) => (
              <ContactLine key={phone} icon={<PhoneIcon size={5} />}>
                <a href={`tel:${phone.replace(/\s+/g, '')}`} className={link}>
                  {phone}
                </a>
              </ContactLine>
            ))}
            <ContactLine icon={<MailIcon size={5} />}>
              <a href={`mailto:${SHOP_CONTACT.email}`} className={`${link} break-all`}>
                {SHOP_CONTACT.email}
              </a>
            </ContactLine>
            <ContactLine icon={<PinIcon size={5} />}>
              <span className="leading-relaxed text-ink/85">{SHOP_CONTACT.address}</span>
            </ContactLine>
          </address>
          <ContactLine icon={<ClockIcon size={5} />} className="mt-3">
            <span className="leading-relaxed text-ink/85">
              <span className="sr-only">Working hours: </span>
              {SHOP_CONTACT.hours}
            </span>
          </ContactLine>
        </section>
      </div>

      <SellerLine shop={shop} />
    </footer>
  );
}

function FooterColumn({
  title,
  links,
  className = '',
  listClassName = 'flex flex-col gap-2.5',
}: {
  title: string;
  links: readonly { to: string; label: string }[];
  className?: string;
  listClassName?: string;
}) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-4 font-sans text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">
        {title}
      </h2>
      <ul className={listClassName}>
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={link}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactLine({
  icon,
  children,
  className = '',
}: {
  icon: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p className={`flex items-start gap-3 ${className}`}>
      <span className="mt-0.5 shrink-0 text-brand-dark">{icon}</span>
      {children}
    </p>
  );
}

/**
 * The seller and the grievance officer on every page, as the Consumer
 * Protection (E-Commerce) Rules 2020 ask; /about-the-seller says more.
 */
function SellerLine({ shop }: { shop: RootData['shop'] }) {
  const { seller, grievance_officer: officer } = shop;
  return (
    <div className="border-t border-linen">
      <div className="container-shop space-y-2 py-6 text-center text-sm text-muted">
        <p>
          Sold by <strong className="font-semibold text-ink/85">{seller.legal_name}</strong>, {seller.address} · GSTIN{' '}
          {seller.gstin} ·{' '}
          <a href={`mailto:${seller.email}`} className={inlineLink}>
            {seller.email}
          </a>{' '}
          ·{' '}
          <a href={`tel:${seller.phone.replace(/\s+/g, '')}`} className={inlineLink}>
            {seller.phone}
          </a>
        </p>
        <p>
          Grievance officer: {officer.name},{' '}
          <a href={`mailto:${officer.email}`} className={inlineLink}>
            {officer.email}
          </a>
          ,{' '}
          <a href={`tel:${officer.phone.replace(/\s+/g, '')}`} className={inlineLink}>
            {officer.phone}
          </a>
          . We acknowledge every complaint within 48 hours.{' '}
          <Link to="/about-the-seller" className={inlineLink}>
            About the seller
          </Link>
        </p>
        <p>
          © {new Date().getFullYear()} {SHOP_NAME}. Handcrafted with love in India.
        </p>
      </div>
    </div>
  );
}
