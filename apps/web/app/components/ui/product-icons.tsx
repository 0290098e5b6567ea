import { Icon, type IconProps } from './icons';

/* The product page: a heavier line than the frame's. */
export const PlusBoldIcon = (p: IconProps) => (
  <Icon {...p} grid={20} strokeWidth={1.8}>
    <path d="M10 4v12M4 10h12" />
  </Icon>
);

const CHEVRON_BOLD = { left: 'M12.5 4.5 7 10l5.5 5.5', right: 'M7.5 4.5 13 10l-5.5 5.5' };

/** The gallery's and the related row's step buttons. */
export const ChevronBoldIcon = ({ direction, ...p }: IconProps & { direction: keyof typeof CHEVRON_BOLD }) => (
  <Icon {...p} grid={20} strokeWidth={2} strokeLinejoin="miter">
    <path d={CHEVRON_BOLD[direction]} />
  </Icon>
);

export const HeartBoldIcon = ({ filled = false, ...p }: IconProps & { filled?: boolean }) => (
  <Icon {...p} strokeWidth={1.8} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
  </Icon>
);

export const BagBoldIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth={1.8} strokeLinecap="butt">
    <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Zm4 0V6a3 3 0 0 1 6 0v2" />
  </Icon>
);

/** The product page's dispatch note. */
export const DropIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth={1.6} strokeLinejoin="miter">
    <path d="M12 3c-2 3-5 4-5 8a5 5 0 0 0 10 0c0-4-3-5-5-8Zm0 18v-4" />
  </Icon>
);

/** The product page's SKU. */
export const LabelIcon = (p: IconProps) => (
  <Icon {...p} strokeWidth={1.6} strokeLinejoin="miter">
    <path d="M4 7h16v10H4zM8 11h4" />
  </Icon>
);

/** A colour swatch's sold-out stroke, corner to corner. */
export const StrikeIcon = (p: IconProps) => (
  <Icon {...p} grid={36} strokeWidth={1.5} strokeLinecap="butt">
    <path d="M6 30 30 6" />
  </Icon>
);
