import { Link } from 'react-router';

interface AuthCardProps {
  title: string;
  /** A sentence under the title. */
  description?: React.ReactNode;
  icon?: 'key' | 'mail' | 'lock' | 'user';
  children: React.ReactNode;
  /** A line under the card ('Remembered it? Log in'). */
  footer?: React.ReactNode;
}

/** The frame of the single-form account pages: signup, forgot password, OTP, reset. */
export function AuthCard({ title, description, icon = 'key', children, footer }: AuthCardProps) {
  return (
    <div className="container-shop flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-linen bg-white/80 p-6 shadow-sm sm:p-10">
          <div className="mb-6 flex flex-col items-center text-center">
            <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-dark">
              <AuthIcon name={icon} />
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

function AuthIcon({ name }: { name: NonNullable<AuthCardProps['icon']> }) {
  const common = {
    'aria-hidden': true,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.7,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    className: 'size-7',
  };
  switch (name) {
    case 'mail':
      return (
        <svg {...common}>
          <rect x="3" y="5" width="18" height="14" rx="2.5" />
          <path d="m4 7 8 6 8-6" />
        </svg>
      );
    case 'lock':
      return (
        <svg {...common}>
          <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
          <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
          <circle cx="12" cy="15.5" r="1.2" fill="currentColor" />
        </svg>
      );
    case 'user':
      return (
        <svg {...common}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <circle cx="8" cy="15" r="4.5" />
          <path d="m11.2 11.8 8.3-8.3M16.5 6.5l2.5 2.5M14 9l2 2" />
        </svg>
      );
  }
}
