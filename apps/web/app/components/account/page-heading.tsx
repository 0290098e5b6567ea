import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

/** The heading of a signed-in page, with an optional way back. */
export function PageHeading({
  title,
  back,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        {back && (
          <Link to={back.to} className="text-sm font-semibold text-brand-dark hover:underline">
            ← {back.label}
          </Link>
        )}
        <h1 className="mt-1 text-3xl sm:text-4xl">{title}</h1>
      </div>
      {children}
    </div>
  );
}

/** What a signed-in page shows while its data loads. */
export function PageLoading() {
  return (
    <div className="container-shop py-24 text-center text-muted" role="status">
      Loading...
    </div>
  );
}

/** A page that has nothing to show: a sentence and a way on. */
export function PageMessage({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div className="container-shop py-24 text-center">
      <p>{text}</p>
      <Link to={to} className={`${buttonClass.primary} mt-6`}>
        {label}
      </Link>
    </div>
  );
}
