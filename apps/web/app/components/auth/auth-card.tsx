import { Link } from 'react-router';
import { KeyIcon, LockIcon, MailCardIcon, UserCardIcon } from '~/components/ui/form-icons';

interface AuthCardProps {
  title: string;
  /** A sentence under the title. */
  description?: React.ReactNode;
  icon?: keyof typeof AUTH_ICONS;
  children: React.ReactNode;
  /** A line under the card ('Remembered it? Log in'). */
  footer?: React.ReactNode;
}

/** The frame of the single-form account pages: signup, forgot password, OTP, reset. */
export function AuthCard({ title, description, icon = 'key', children, footer }: AuthCardProps) {
  const Icon = AUTH_ICONS[icon];
  return (
    <div className="container-shop flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-linen bg-white/80 p-6 shadow-sm sm:p-10">
          <div className="mb-6 flex flex-col items-center text-center">
            <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-dark">
              <Icon size={7} />
            </span>
            <h1 className="text-3xl text-balance text-ink">{title}</h1>
            {description && <div className="mt-3 text-[0.95rem] leading-relaxed text-muted">{description}</div>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </div>
    </div>
  );
}

/** A text link in the shop's accent colour, underlined on hover. */
export function TextLink({ to, children, className }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <Link
      to={to}
      className={`font-semibold text-brand-dark underline decoration-brand/30 underline-offset-4 hover:decoration-brand-dark ${className ?? ''}`}
    >
      {children}
    </Link>
  );
}

/** The badge's icon for each kind of account page. */
const AUTH_ICONS = { key: KeyIcon, mail: MailCardIcon, lock: LockIcon, user: UserCardIcon };
