import { useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';

/** Copies a text (an address for a courier's form); without scripts the text itself stays selectable. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
      className="rounded-full border border-linen px-3 py-1 text-sm font-semibold text-ink hover:bg-sand"
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}
