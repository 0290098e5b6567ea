import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

/** What a signed-in page shows when its list is empty (cart, wishlist, orders): a word, and where to go instead. */
export function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="rounded-3xl bg-sand px-6 py-16 text-center">
      <h2 className="text-2xl">{title}</h2>
      <p className="mt-2 text-muted">{text}</p>
      <Link to={action.to} className={`${buttonClass.primary} mt-6`}>
        {action.label}
      </Link>
    </div>
  );
}
