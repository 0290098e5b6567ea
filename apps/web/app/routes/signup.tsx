import { redirect, useSearchParams } from 'react-router';
import { register } from '~/components/auth/account-actions.server';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { safeRedirect } from '~/components/auth/redirect';
import { RegisterForm } from '~/components/auth/register-form';
import { SHOP_NAME } from '~/lib/config';
import { getUser } from '~/lib/session.server';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/signup';

/** docs/product.md#screens: a shopper who is signed in already goes home. */
export async function loader(args: Route.LoaderArgs) {
  if (await getUser(args)) throw redirect('/');
  return { url: canonical(args.request.url) };
}

/** Keeps the page the shopper was heading for, for after the login. */
function loginPath(redirectTo: string | null) {
  return redirectTo ? `/login?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}` : '/login';
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  return register(args, form, loginPath(new URL(args.request.url).searchParams.get('redirectTo')));
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Create an account',
    description: `Create your ${SHOP_NAME} account to keep a wishlist, save addresses and follow your orders.`,
    url: data?.url ?? '/signup',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <AuthCard
      icon="user"
      title="Create your account"
      description="Save your favourites, track your orders and check out faster."
      footer={
        <>
          Already have an account? <TextLink to={loginPath(params.get('redirectTo'))}>Log in</TextLink>
        </>
      }
    >
      <RegisterForm answer={actionData} />
    </AuthCard>
  );
}
