import { ADMIN_ROUTES, InviteBody, MESSAGES, StaffRoleBody, type StaffMember } from '@shop/contract';
import { Form, redirect, useRouteLoaderData } from 'react-router';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { TextField } from '~/components/forms/fields';
import { checkForm, numberField, textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/staff';
import { call, read } from '~/lib/call.server';

export const meta = () => adminMeta('Staff');

export async function loader(args: Route.LoaderArgs) {
  const { data } = await read(args, ADMIN_ROUTES['admin.staff.list']);
  return { staff: data, done: new URL(args.request.url).searchParams.get('done') };
}

/**
 * Invite (a mail with a link to choose a password; the role holds once it is used), change a
 * role, disable (signed out at once) or enable again.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  if (intent === 'invite') {
    const values = { email: textField(form, 'email'), name: textField(form, 'name'), role: textField(form, 'role') };
    const checked = checkForm(InviteBody, form);
    if (!checked.ok) return formAnswer({ values, fieldErrors: checked.errors });
    const res = await call(args, ADMIN_ROUTES['admin.staff.invite'], { body: checked.data });
    if (!res.ok) {
      const text = res.status >= 500 ? MESSAGES.serverError : (res.errors[0] ?? res.message);
      return formAnswer({ values, notice: { kind: 'error', text } }, res.status);
    }
    throw redirect('/admin/staff?done=invited');
  }
  if (intent === 'role') {
    const checked = checkForm(StaffRoleBody, form);
    if (!checked.ok)
      return formAnswer({ notice: { kind: 'error', text: checked.errors.role ?? MESSAGES.invalidInput } });
    const res = await call(args, ADMIN_ROUTES['admin.staff.setRole'], {
      params: { id: numberField(form, 'id') },
      body: checked.data,
    });
    if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
    throw redirect('/admin/staff?done=role');
  }
  if (intent !== 'disable' && intent !== 'enable')
    return formAnswer({ notice: { kind: 'error', text: MESSAGES.invalidInput } });
  const res = await call(args, ADMIN_ROUTES[`admin.staff.${intent}`], { params: { id: numberField(form, 'id') } });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  throw redirect(`/admin/staff?done=${intent}d`);
}

const DONE: Record<string, string> = {
  invited: 'Invitation sent: the link in the mail works once, for 3 days.',
  role: 'Role changed: it applies from their next click.',
  disabled: 'Account disabled: signed out everywhere.',
  enabled: 'Account enabled again.',
};

const state = (m: StaffMember) =>
  m.disabled ? 'Disabled' : m.invited ? 'Invited, has not chosen a password yet' : 'Active';

const COLUMNS: ListColumn<StaffMember>[] = [
  {
    id: 'who',
    header: 'Name',
    card: 'title',
    cell: (m) => (
      <>
        {m.name || m.email} <span className="text-sm font-normal text-muted">· {m.role}</span>
      </>
    ),
  },
  { id: 'email', header: 'Email', card: 'line', cell: (m) => <span className="break-all text-muted">{m.email}</span> },
  {
    id: 'state',
    header: 'Account',
    card: 'foot',
    cell: (m) => (
      <span className="text-xs">
        {state(m)} · since {formatWhen(m.created_at)}
      </span>
    ),
  },
];

/** Change the role (not for an invitation), disable or enable again. */
function MemberActions({ member }: { member: StaffMember }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {!member.invited && <RoleForm member={member} />}
      <Form method="post">
        <input type="hidden" name="id" value={member.id} />
        <button
          type="submit"
          name="intent"
          value={member.disabled ? 'enable' : 'disable'}
          className={member.disabled ? buttonClass.plain : buttonClass.danger}
        >
          {member.disabled ? 'Enable' : 'Disable'}
          <span className="sr-only"> {member.email}</span>
        </button>
      </Form>
    </div>
  );
}

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
          <DataTable
            rows={staff}
            columns={COLUMNS}
            rowId={(m) => String(m.id)}
            caption="Staff"
            empty="No one yet."
            cardsBelow="never"
            cardFoot={(m) => (me?.user.id === m.id ? null : <MemberActions member={m} />)}
          />
        </Card>
        <Card title="Invite someone">
          {/* Keyed by the last success: the fields are emptied after it (with scripts the page is not reloaded). */}
          <Form method="post" className="space-y-4" key={done ?? ''}>
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
            <button type="submit" className={buttonClass.dark}>
              Send invitation
            </button>
          </Form>
        </Card>
      </div>
    </>
  );
}

/** Staff ↔ admin, a call of its own (an invitation never changes a role); the last admin cannot step down. */
function RoleForm({ member }: { member: StaffMember }) {
  const id = `role-${member.id}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="id" value={member.id} />
      <label htmlFor={id} className="sr-only">
        Role of {member.email}
      </label>
      <select
        id={id}
        name="role"
        defaultValue={member.role}
        className="min-h-11 rounded-xl border border-linen bg-white px-3 py-2 text-ink"
      >
        <option value="staff">Staff</option>
        <option value="admin">Admin</option>
      </select>
      <button type="submit" name="intent" value="role" className={buttonClass.plain}>
        Change role<span className="sr-only"> of {member.email}</span>
      </button>
    </Form>
  );
}
