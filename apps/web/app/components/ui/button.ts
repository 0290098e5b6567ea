/**
 * The shop's buttons, as class names for a <button>, a <Link> or an <a>
 * (a link styled as a button stays a link). Add margins or width beside them.
 */
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass = {
  /** The page's main action. */
  primary: `${base} bg-brand px-6 py-3 text-white shadow-sm hover:bg-brand-dark`,
  /** A form's main button and the big calls to action: taller and wider. */
  large: `${base} min-h-12 bg-brand px-8 py-3 tracking-wide text-white shadow-sm hover:bg-brand-dark`,
  /** A second action beside the main one. */
  secondary: `${base} border border-brand px-6 py-3 text-brand-dark hover:bg-brand-soft`,
  /** A small action inside a card or a list. */
  quiet: `${base} px-4 py-2 text-sm text-brand-dark hover:bg-brand-soft`,
  /** The back office's calmer set: one 44 px height, the dark brand colour for the main action. */
  dark: `${base} min-h-11 bg-brand-dark px-5 py-2 text-white shadow-sm hover:bg-ink`,
  plain: `${base} min-h-11 border border-linen bg-white px-5 py-2 text-ink hover:border-muted/50 hover:bg-sand`,
  /** An action that cannot be undone (cancel and refund, disable). */
  danger: `${base} min-h-11 border border-brand-dark bg-white px-5 py-2 text-brand-dark hover:bg-brand-soft`,
} as const;
