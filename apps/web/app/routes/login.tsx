import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { useLocation, useSearchParams } from 'react-router';
import { LoginForm } from '~/components/auth/login-form';
import { safeRedirect, useRedirectIfSignedIn } from '~/components/auth/redirect';
import { RegisterForm } from '~/components/auth/register-form';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/login';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Log in or register',
    description: `Log in to your ${SHOP_NAME} account to see your orders, wishlist and saved addresses, or create one in a minute.`,
    url: data?.url ?? '/login',
  }),
  { name: 'robots', content: 'noindex' },
];

type Tab = 'login' | 'register';

const panelClass =
  'rounded-2xl border border-linen p-6 shadow-sm sm:p-8 lg:p-10 ' +
  // Small screens show the chosen tab; from 768px both sit side by side.
  'data-[state=inactive]:hidden md:data-[state=inactive]:block';

export default function LoginPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const leaving = useRedirectIfSignedIn('/');

  const arrivedWith = (location.state as { email?: unknown } | null)?.email;
  const [tab, setTab] = useState<Tab>('login');
  const [prefill, setPrefill] = useState<{ email: string } | undefined>(() =>
    typeof arrivedWith === 'string' ? { email: arrivedWith } : undefined,
  );

  if (leaving) return <p className="container-shop py-24 text-center text-muted">Loading...</p>;

  return (
    <div className="container-shop py-10 sm:py-14">
      <header className="mx-auto mb-8 max-w-xl text-center md:mb-12">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">My Account</p>
        <h1 className="mt-2 text-3xl text-ink sm:text-4xl">Welcome to {SHOP_NAME}</h1>
        <p className="mt-3 text-muted">
          Log in to see your orders, wishlist and saved addresses, or create an account in a minute.
        </p>
      </header>

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="mx-auto max-w-md md:max-w-5xl">
        <Tabs.List
          aria-label="Log in or register"
          className="mb-6 grid grid-cols-2 rounded-full border border-linen bg-sand p-1 md:hidden"
        >
          {(
            [
              ['login', 'LOG IN'],
              ['register', 'REGISTER'],
            ] as const
          ).map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-full px-4 py-2.5 text-sm font-bold tracking-[0.15em] text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-dark data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <div className="md:grid md:grid-cols-2 md:items-start md:gap-8 lg:gap-12">
          <Tabs.Content value="login" forceMount tabIndex={-1} className={`${panelClass} bg-white`}>
            <h2 className="sr-only text-2xl text-ink md:not-sr-only md:mb-1">Log in</h2>
            <p className="mb-6 hidden text-sm text-muted md:block">Welcome back! Good to see you again.</p>
            <LoginForm redirectTo={redirectTo} prefill={prefill} />
          </Tabs.Content>

          <Tabs.Content value="register" forceMount tabIndex={-1} className={`${panelClass} bg-white md:bg-sand/50`}>
            <h2 className="sr-only text-2xl text-ink md:not-sr-only md:mb-1">Register</h2>
            <p className="mb-6 hidden text-sm text-muted md:block">
              New here? Save your favourites, track your orders and check out faster.
            </p>
            <RegisterForm
              onRegistered={(email) => {
                setPrefill({ email });
                setTab('login');
              }}
            />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
