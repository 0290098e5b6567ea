import { SHOP_NAME } from '~/lib/config';
import { SOCIAL_LINKS } from './nav';

/**
 * The shop's social pages as round icon links (the footer's and the phone drawer's).
 * `linkClassName` gives their size and colours; `label` names the list where no heading does.
 */
export function SocialLinks({
  className,
  linkClassName,
  label,
}: {
  className: string;
  linkClassName: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {SOCIAL_LINKS.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SHOP_NAME} on ${name}`}
            className={`inline-flex items-center justify-center rounded-full text-ink transition hover:bg-brand hover:text-white ${linkClassName}`}
          >
            <Icon size={5} />
          </a>
        </li>
      ))}
    </ul>
  );
}
