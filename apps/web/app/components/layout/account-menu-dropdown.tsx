import { DropdownMenu } from 'radix-ui';
import { Link, useSubmit } from 'react-router';
import { useAuth } from '~/lib/auth';
import { UserIcon } from '../ui/icons';
import { ACCOUNT_BADGE, ACCOUNT_LINKS, ACCOUNT_TRIGGER } from './nav';

const item =
  'flex cursor-pointer items-center rounded-lg px-3 py-2.5 text-[0.95rem] text-ink outline-none select-none data-highlighted:bg-sand data-highlighted:text-brand-dark';

/** The signed-in shopper's 'My Account' menu (see AccountMenu), loaded once someone is signed in. */
export default function AccountDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { user } = useAuth();
  const submit = useSubmit();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={ACCOUNT_TRIGGER}>
        <UserIcon />
        <span aria-hidden="true" className={ACCOUNT_BADGE} />
        My Account
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
          className="z-50 min-w-56 rounded-2xl border border-linen bg-cream p-2 shadow-xl transition duration-150 starting:-translate-y-1 starting:opacity-0"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-3">
            <span className="block text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">My Account</span>
            {user?.name && <span className="mt-1 block truncate text-sm text-muted">Hello, {user.name}</span>}
          </DropdownMenu.Label>
          {ACCOUNT_LINKS.map((l) => (
            <DropdownMenu.Item key={l.to} asChild className={item}>
              <Link to={l.to}>{l.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="mx-2 my-1.5 h-px bg-linen" />
          {/* The same POST as the logout forms elsewhere (routes/logout.tsx). */}
          <DropdownMenu.Item className={item} onSelect={() => void submit(null, { method: 'post', action: '/logout' })}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
