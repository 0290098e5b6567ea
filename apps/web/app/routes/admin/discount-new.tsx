import { can } from '@shop/contract';
import { Link, data, redirect } from 'react-router';
import { DiscountForm } from '~/components/admin/discount-form';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { requireStaff } from '~/lib/admin.server';
import { NEW_DISCOUNT } from '~/lib/admin-discounts';
import { groupChoices, saveDiscount } from '~/lib/admin-discounts.server';
import type { Route } from './+types/discount-new';

export const meta = () => adminMeta('New discount code');

/** Only the owner makes codes; staff get the page's 403 rather than a form the API would refuse. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args);
  if (!can(me.user.role, 'discounts.write')) throw data('Forbidden', { status: 403 });
  return groupChoices(args);
}

export async function action(args: Route.ActionArgs) {
  const saved = await saveDiscount(args, await args.request.formData(), null);
  if ('answer' in saved) return saved.answer;
  throw redirect(`/admin/discounts/${saved.saved.id}?done=created`);
}

export default function NewDiscount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/discounts" className={buttonClass.plain}>
            All codes
          </Link>
        }
      >
        New discount code
      </PageTitle>
      <AdminNotice notice={actionData?.notice} />
      <Card>
        <DiscountForm
          values={actionData?.values ?? NEW_DISCOUNT}
          errors={actionData?.fieldErrors}
          categories={loaderData.categories}
          collections={loaderData.collections}
          submit="Create code"
        />
      </Card>
    </>
  );
}
