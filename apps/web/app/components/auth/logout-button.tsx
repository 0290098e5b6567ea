import { Form } from 'react-router';

/** Logging out is a form (routes/logout.tsx), so it works before the scripts run too. */
export function LogoutButton({ className, children = 'Logout' }: { className?: string; children?: React.ReactNode }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
