import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="container-shop py-24 text-center">
      {/* React hoists it into <head>: the error boundary has no route meta of its own. */}
      <title>Page not found | Little Loom</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-brand-dark uppercase">404</p>
      <h1 className="mt-2 text-4xl">We could not find that page</h1>
      <p className="mt-4 text-muted">It may have moved, or the link may be mistyped.</p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/" className={buttonClass.primary}>
          Back to the home page
        </Link>
        <Link to="/shop" className={buttonClass.secondary}>
          Browse the shop
        </Link>
      </div>
    </div>
  );
}
