import { ADMIN_ROUTES } from '@shop/contract';
import { redirect } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { ProductForm } from '~/components/admin/product-form';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { readProductForm } from '~/lib/admin-products';
import { failed, formAnswer } from '~/lib/form.server';
import type { Route } from './+types/product-new';
import { call, read } from '~/lib/call.server';

export const meta = () => adminMeta('New product');

export async function loader(args: Route.LoaderArgs) {
  return { options: await read(args, ADMIN_ROUTES['admin.products.options']) };
}

/** Creates the product (unpublished), then opens it to add its colours, sizes and prices. */
export async function action(args: Route.ActionArgs) {
  const read = readProductForm(await args.request.formData());
  if (!read.ok) {
    return formAnswer({
      values: read.values,
      fieldErrors: read.fieldErrors,
      notice: { kind: 'error', text: 'Please check the fields marked below.' },
    });
  }
  const res = await call(args, ADMIN_ROUTES['admin.products.create'], { body: read.body });
  if (!res.ok) return failed(res, { values: read.values });
  throw redirect(`/admin/products/${res.data.product.id}?done=created`);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>New product</PageTitle>
      <AdminNotice notice={actionData?.notice} />
      <Card>
        <p className="mb-4 text-sm text-muted">
          The product starts unpublished. Next: its colours and sizes, prices and stock, then pictures.
        </p>
        <ProductForm
          options={loaderData.options}
          values={actionData?.values ?? {}}
          errors={actionData?.fieldErrors}
          submit="Create product"
        />
      </Card>
    </>
  );
}
