import { ADMIN_ROUTES, InviteBody, MESSAGES } from '@shop/contract';
import { Form, redirect, useRouteLoaderData } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice, Card, PageTitle, buttonClass, formatWhen } from '~/components/admin/ui';
import { TextField } from '~/components/forms/fields';
import { adminCall, adminLoad } from '~/lib/admin.server';
import { checkForm, numberField, textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/staff';

export const meta = () => adminMeta('Staff');

export async function loader(args: Route.LoaderArgs) {
  const { data } = await adminLoad(args, ADMIN_ROUTES['admin.staff.list']);
  return { staff: data, done: new URL(args.request.url).searchParams.get('done') };
}

/** Invite (a mail with a link to choose a password), disable (signed out at once) or enable again. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  if (intent === 'invite') {
    const values = { email: textField(form, 'email'), name: textField(form, 'name'), role: textField(form, 'role') };
    const checked = checkForm(InviteBody, form);
    if (!checked.ok) return formAnswer({ values, fieldErrors: checked.errors });
    const res = await adminCall(args, ADMIN_ROUTES['admin.staff.invite'], { body: checked.data });
    if (!res.ok) {
      const text = res.status >= 500 ? MESSAGES.serverError : (res.errors[0] ?? res.message);
      return formAnswer({ values, notice: { kind: 'error', text } }, res.status);
    }
    throw redirect('/admin/staff?done=invited');
  }
  if (intent !== 'disable' && intent !== 'enable')
    return formAnswer({ notice: { kind: 'error', text: MESSAGES.invalidInput } });
  const res = await adminCall(args, ADMIN_ROUTES[`admin.staff.${intent}`], { params: { id: numberField(form, 'id') } });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  throw redirect(`/admin/staff?done=${intent}d`);
}

const DONE: Record<string, string> = {
  invited: 'Invitation sent: the link in the mail works once, for 3 days.',
  disabled: 'Account disabled: signed out everywhere.',
  enabled: 'Account enabled again.',
};

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, done } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const answer = actionData;
  return (
    <>
      <PageTitle>Staff</PageTitle>
      <AdminNotice notice={done && DONE[done] ? { kind: 'success', text: DONE[done] } : answer?.notice} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="People" className="lg:col-span-2">
          <ul className="divide-y divide-linen">
            {staff.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-ink">
                    {s.name || s.email} <span className="text-sm font-normal text-muted">· {s.role}</span>
                  </p>
                  <p className="text-sm break-all text-muted">{s.email}</p>
                  <p className="text-xs text-muted">
                    {s.disabled ? 'Disabled' : s.invited ? 'Invited, has not chosen a password yet' : 'Active'} · since{' '}
                    {formatWhen(s.created_at)}
                  </p>
                </div>
                {me?.user.id !== s.id && (
                  <Form method="post">
                    <input type="hidden" name="id" value={s.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={s.disabled ? 'enable' : 'disable'}
                      className={s.disabled ? buttonClass.secondary : buttonClass.danger}
                    >
                      {s.disabled ? 'Enable' : 'Disable'}
                      <span className="sr-only"> {s.email}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Invite someone">
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="invite" />
            <TextField
              label="Name"
              name="name"
              autoComplete="off"
              defaultValue={answer?.values?.name ?? ''}
              error={answer?.fieldErrors?.name}
            />
            <TextField
              label="Email address"
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={answer?.values?.email ?? ''}
              error={answer?.fieldErrors?.email}
            />
            <fieldset>
              <legend className="mb-1.5 text-sm font-semibold text-ink">Role</legend>
              {(['staff', 'admin'] as const).map((role) => (
                <label key={role} className="mr-4 inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    defaultChecked={(answer?.values?.role || 'staff') === role}
                  />
                  {role === 'staff' ? 'Staff (orders, returns, enquiries)' : 'Admin (everything)'}
                </label>
              ))}
            </fieldset>
            <button type="submit" className={buttonClass.primary}>
              Send invitation
            </button>
          </Form>
        </Card>
      </div>
    </>
  );
}
