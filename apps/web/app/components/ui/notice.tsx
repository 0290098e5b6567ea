import { useEffect } from 'react';
import type { Flash } from '~/lib/flash';
import { toast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';

const TONE = {
  success: 'border-sage/40 bg-sage-soft text-ink',
  info: 'border-linen bg-sand text-ink',
  error: 'border-brand/40 bg-brand-soft text-ink',
} as const;

/**
 * A message from the server (a flash after a redirect, or a form's answer).
 * The server renders it as a status line, which is what a page without its
 * scripts keeps; once the scripts run, it becomes the shop's toast instead.
 */
export function Notice({
  notice,
  className = '',
  inline = true,
}: {
  notice?: Pick<Flash, 'kind' | 'text'> | null;
  className?: string;
  /** false: the page says it elsewhere already; only the toast. */
  inline?: boolean;
}) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (notice) toast[notice.kind](notice.text);
  }, [notice]);
  if (!notice || hydrated || !inline) return null;
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`rounded-2xl border px-4 py-3 text-sm font-semibold ${TONE[notice.kind]} ${className}`}
    >
      {notice.text}
    </p>
  );
}

/**
 * A message from the server as a status line only, never a toast: the back
 * office's pages say what happened the same way with or without their scripts.
 */
export function AdminNotice({ notice }: { notice?: Pick<Flash, 'kind' | 'text'> | null }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-xl border px-4 py-3 ${TONE[notice.kind]}`}
    >
      {notice.text}
    </p>
  );
}
