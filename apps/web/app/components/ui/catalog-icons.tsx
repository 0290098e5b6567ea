import { Icon, type IconProps } from './icons';

/* The catalogue's listing pages: a heavier line on a 20 grid. */

export const SearchBoldIcon = (p: IconProps) => (
  <Icon {...p} grid={20} strokeWidth={1.8}>
    <circle cx="9" cy="9" r="5.5" />
    <path d="m13 13 4 4" />
  </Icon>
);

export const CloseBoldIcon = (p: IconProps) => (
  <Icon {...p} grid={20} strokeWidth={1.8}>
    <path d="M5 5l10 10M15 5 5 15" />
  </Icon>
);

export const FilterIcon = (p: IconProps) => (
  <Icon {...p} grid={20} strokeWidth={1.8}>
    <path d="M3 5h14M6 10h8M8.5 15h3" />
  </Icon>
);

/** A sort select's arrow. */
export const SelectChevronIcon = (p: IconProps) => (
  <Icon {...p} grid={20} strokeWidth={1.8} strokeLinejoin="miter">
    <path d="M5 7.5 10 12.5 15 7.5" />
  </Icon>
);

/** An empty listing's picture: a little shirt. */
export const ShirtIcon = (p: IconProps) => (
  <Icon {...p} grid={48}>
    <path
      d="M16 8h16l8 7-5 6-3-2v21H16V19l-3 2-5-6 8-7Z"
      fill="currentColor"
      fillOpacity=".15"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <path d="M19 8a5 5 0 0 0 10 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="butt" />
  </Icon>
);
