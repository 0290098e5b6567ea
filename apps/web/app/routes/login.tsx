import { Tabs } from 'radix-ui';
import { Link, redirect, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { logIn, register } from '~/components/auth/account-actions.server';
import { LoginForm } from '~/components/auth/login-form';
import { safeRedirect } from '~/components/auth/redirect';
import { RegisterForm } from '~/components/auth/register-form';
import { SHOP_NAME } from '~/lib/config';
import { getUser } from '~/lib/session.server';
import { canonical, seoMeta } from '~/lib/seo';
import type { RootData } from '~/root';
import type { Route } from './+types/login';

/** docs/product.md#screens: a shopper who is signed in already goes home. */
export async function loader(args: Route.LoaderArgs) {
  if (await getUser(args)) throw redirect('/');
  return { url: canonical(args.request.url) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get('intent') !== 'register') return logIn(args, form);
  // Registered: the log-in form takes over, on its tab, still heading for redirectTo.
  const back = new URL(args.request.url).searchParams.get('redirectTo');
  return register(args, form, back ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login');
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

const TABS: [Tab, string][] = [
  ['login', 'LOG IN'],
  ['register', 'REGISTER'],
];

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const registered = useRouteLoaderData<RootData>('root')?.flash;
  const answer = actionData;
  // The tabs are links (/login?tab=register), so they work before the scripts run too.
  const tab: Tab = answer?.form === 'register' || params.get('tab') === 'register' ? 'register' : 'login';
  const tabHref = (value: Tab) => {
    const next = new URLSearchParams(params);
    if (value === 'register') next.set('tab', 'register');
    else next.delete('tab');
    const query = next.toString();
    return `/login${query ? `?${query}` : ''}`;
  };

  return (
    <div className="container-shop py-10 sm:py-14">
      <header className="mx-auto mb-8 max-w-xl text-center md:mb-12">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">My Account</p>
        <h1 className="mt-2 text-3xl text-ink sm:text-4xl">Welcome to {SHOP_NAME}</h1>
        <p className="mt-3 text-muted">
          Log in to see your orders, wishlist and saved addresses, or create an account in a minute.
        </p>
      </header>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => void navigate(tabHref(value as Tab), { replace: true, preventScrollReset: true })}
        className="mx-auto max-w-md md:max-w-5xl"
      >
        <Tabs.List
          aria-label="Log in or register"
          className="mb-6 grid grid-cols-2 rounded-full border border-linen bg-sand p-1 md:hidden"
        >
          {TABS.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              asChild
              className="rounded-full px-4 py-2.5 text-center text-sm font-bold tracking-[0.15em] text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-dark data-[state=active]:shadow-sm"
            >
              <Link to={tabHref(value)} replace preventScrollReset>
                {label}
              </Link>
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <div className="md:grid md:grid-cols-2 md:items-start md:gap-8 lg:gap-12">
          <Tabs.Content value="login" forceMount tabIndex={-1} className={`${panelClass} bg-white`}>
            <h2 className="sr-only text-2xl text-ink md:not-sr-only md:mb-1">Log in</h2>
            <p className="mb-6 hidden text-sm text-muted md:block">Welcome back! Good to see you again.</p>
            <LoginForm
              // A new form for a new registration: the email filled in, the focus on the password.
              key={registered?.id}
              redirectTo={redirectTo}
              answer={answer?.form === 'login' ? answer : undefined}
              registeredEmail={registered?.email}
            />
          </Tabs.Content>

          <Tabs.Content value="register" forceMount tabIndex={-1} className={`${panelClass} bg-white md:bg-sand/50`}>
            <h2 className="sr-only text-2xl text-ink md:not-sr-only md:mb-1">Register</h2>
            <p className="mb-6 hidden text-sm text-muted md:block">
              New here? Save your favourites, track your orders and check out faster.
            </p>
            <RegisterForm key={registered?.id} answer={answer?.form === 'register' ? answer : undefined} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
