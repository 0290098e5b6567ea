import type { ReactNode, SVGProps } from 'react';

/**
 * The shop's icons, drawn inline (no icon package is installed). Hidden from
 * assistive technology unless given a `title`: the control that holds one
 * carries the accessible name.
 *
 * This file holds the base and the icons of the shop's frame, which load with
 * every page. A module loads whole, so the icons of other pages live beside it
 * (product-icons.tsx, catalog-icons.tsx, form-icons.tsx) and stay out of the
 * first load of pages that do not show them.
 */

const SIZE = { 4: 'size-4', 5: 'size-5', 6: 'size-6', 7: 'size-7', 8: 'size-8', 14: 'size-14', full: 'size-full' };

export interface IconProps {
  /** Tailwind's size step (5 is 20 px square). */
  size?: keyof typeof SIZE;
  className?: string;
  /** Names the icon, for one that stands alone with nothing else to name it. */
  title?: string;
}

type Drawing = Omit<SVGProps<SVGSVGElement>, keyof IconProps | 'viewBox'> & {
  /** The side of the square grid the paths are drawn on. */
  grid?: number;
  children: ReactNode;
};

/** Drawn by default with the shop's outline line; an icon's own attributes override it. */
export function Icon({ size = 6, className, title, grid = 24, children, ...drawing }: IconProps & Drawing) {
  return (
    <svg
      viewBox={`0 0 ${grid} ${grid}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...drawing}
      {...(title ? { role: 'img' } : { 'aria-hidden': true })}
      focusable="false"
      className={className ? `${SIZE[size]} ${className}` : SIZE[size]}
    >
      {title && <title>{title}</title>}
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Icon>
);

export const HeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20Z" />
  </Icon>
);

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20.2c1.2-3.6 4-5.4 7.5-5.4s6.3 1.8 7.5 5.4" />
  </Icon>
);

export const BagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5.5 8h13l-1 12.2a1 1 0 0 1-1 .8h-9a1 1 0 0 1-1-.8L5.5 8Z" />
    <path d="M9 10.5V7a3 3 0 0 1 6 0v3.5" />
  </Icon>
);

export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 6 12 12M18 6 6 18" />
  </Icon>
);

const CHEVRON = { left: 'm15 6-6 6 6 6', right: 'm9 6 6 6-6 6', down: 'm6 9 6 6 6-6' };

export const ChevronIcon = ({ direction, ...p }: IconProps & { direction: keyof typeof CHEVRON }) => (
  <Icon {...p}>
    <path d={CHEVRON[direction]} />
  </Icon>
);

export const ArrowRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const PauseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6v12M15 6v12" />
  </Icon>
);

export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 5.5v13l10.5-6.5L8 5.5Z" />
  </Icon>
);

export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6.6 3.5h2.6l1.4 4-2 1.3a11 11 0 0 0 6.6 6.6l1.3-2 4 1.4v2.6a2 2 0 0 1-2.2 2A17 17 0 0 1 4.5 5.7a2 2 0 0 1 2.1-2.2Z" />
  </Icon>
);

export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Icon>
);

export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="3.9" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Icon>
);

export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-3.9 1.4-3.9 4v2.2H8.8v3h2.6V21" />
  </Icon>
);

export const PinterestIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10.6 20.2 12.4 12.8" />
    <path d="M10.2 14.6c.5.8 1.3 1.2 2.3 1.2 2.2 0 3.6-2 3.6-4.4 0-2.5-1.9-4.2-4.3-4.2-2.6 0-4.3 1.8-4.3 4 0 1 .4 1.9 1 2.3" />
  </Icon>
);

export const YouTubeIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.8" y="5.5" width="18.4" height="13" rx="4" />
    <path d="m10.2 9.3 4.8 2.7-4.8 2.7V9.3Z" fill="currentColor" />
  </Icon>
);
