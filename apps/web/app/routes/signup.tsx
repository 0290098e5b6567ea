import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { safeRedirect, useRedirectIfSignedIn } from '~/components/auth/redirect';
import { RegisterForm } from '~/components/auth/register-form';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/signup';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Create an account',
    description: `Create your ${SHOP_NAME} account to keep a wishlist, save addresses and follow your orders.`,
    url: data?.url ?? '/signup',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const leaving = useRedirectIfSignedIn('/');
  // Keep the page the shopper was heading for, for after the login.
  const redirectTo = params.has('redirectTo') ? safeRedirect(params.get('redirectTo')) : null;
  const loginPath = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login';

  if (leaving) return <p className="container-shop py-24 text-center text-muted">Loading...</p>;

  return (
    <AuthCard
      icon="user"
      title="Create your account"
      description="Save your favourites, track your orders and check out faster."
      footer={
        <>
          Already have an account? <TextLink to={loginPath}>Log in</TextLink>
        </>
      }
    >
      <RegisterForm onRegistered={(email) => void navigate(loginPath, { state: { email } })} />
    </AuthCard>
  );
}
