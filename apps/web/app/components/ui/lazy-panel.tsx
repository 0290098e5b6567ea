import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';

/** What a lazily loaded dialog panel is given: its open state and the button that opened it. */
export interface PanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger, which gets the focus back when the panel closes. */
  trigger: React.RefObject<HTMLButtonElement | null>;
}

/**
 * An icon button that opens a dialog whose code loads only when it is first
 * wanted: pointing at or focusing the button fetches it, a click opens it.
 * Before the scripts run, the button is a link to the same thing as a page.
 */
export function LazyPanel({
  to,
  label,
  className,
  icon,
  load,
  closeOn,
  children: panel,
}: {
  /** The page the stand-in link leads to before the scripts run. */
  to: string;
  label: string;
  className: string;
  icon: React.ReactNode;
  /** Fetches the panel's module (the one `lazy` loads). */
  load: () => Promise<unknown>;
  /** The panel closes whenever this changes (the drawer: on any navigation). */
  closeOn?: unknown;
  /** The panel, rendered from the first click on. */
  children: (props: PanelProps) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  useEffect(() => setOpen(false), [closeOn]);

  if (!hydrated) {
    return (
      <Link to={to} aria-label={label} className={className}>
        {icon}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        className={className}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {icon}
      </button>
      {wanted && <Suspense fallback={null}>{panel({ open, onOpenChange: setOpen, trigger })}</Suspense>}
    </>
  );
}
