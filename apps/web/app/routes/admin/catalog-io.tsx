import {
  ADMIN_ROUTES,
  can,
  CATALOG_CSV_COLUMNS,
  type ImportPictures,
  type ImportReport,
  type ImportRow,
} from '@shop/contract';
import { data, Form, useNavigation } from 'react-router';
import { labelClass } from '~/components/admin/bits';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { postedFile, requireStaff } from '~/lib/admin.server';
import { textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import type { Route } from './+types/catalog-io';
import { call } from '~/lib/call.server';

export const meta = () => adminMeta('Import / export');

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args);
  if (!can(me.user.role, 'catalog.write')) throw data('Forbidden', { status: 403 });
  return null;
}

type Answer = {
  notice: { kind: 'success' | 'error' | 'info'; text: string };
  report?: ImportReport;
  csv?: string;
  pictures?: Record<string, string>;
  zipRefused?: ImportPictures['refused'];
};

/**
 * 'check': the CSV (and a zip of pictures, stored first) as a dry run;
 * 'apply': the same CSV, carried by the page in a hidden field, applied in one transaction.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  let csv = textField(form, 'csv_text');
  let pictures: Record<string, string> = {};
  let zipRefused: ImportPictures['refused'] = [];
  if (intent === 'check') {
    const file = postedFile(form, 'csv');
    if (!file) return formAnswer({ notice: { kind: 'error', text: 'Choose the CSV file to import.' } });
    csv = await file.text();
    const zip = postedFile(form, 'zip');
    if (zip) {
      const stored = await call(args, ADMIN_ROUTES['admin.catalog.importPictures'], undefined, { file: zip });
      if (!stored.ok) {
        return formAnswer({ notice: { kind: 'error', text: stored.errors[0] ?? stored.message } }, stored.status);
      }
      pictures = Object.fromEntries(stored.data.pictures.map((p) => [p.name, p.key]));
      zipRefused = stored.data.refused;
    }
  } else if (intent === 'apply') {
    try {
      pictures = JSON.parse(textField(form, 'pictures') || '{}') as Record<string, string>;
    } catch {
      pictures = {};
    }
  } else return formAnswer({ notice: { kind: 'error', text: 'Choose what to do.' } });

  const apply = intent === 'apply';
  const res = await call(args, ADMIN_ROUTES['admin.catalog.import'], { body: { csv, apply, pictures } });
  if (!res.ok) {
    const answer: Answer = {
      notice: { kind: 'error', text: [res.message, ...res.errors.slice(0, 12)].join(' · ') },
    };
    return formAnswer(answer, res.status);
  }
  const { counts } = res.data;
  const answer: Answer = apply
    ? {
        notice: {
          kind: 'success',
          text: `Imported: ${counts.create} created, ${counts.change} changed, ${counts.unchanged} unchanged.`,
        },
        report: res.data,
      }
    : {
        notice: {
          kind: counts.refused ? 'error' : 'info',
          text: counts.refused
            ? `Checked: ${counts.refused} refused. Nothing is imported while a row is refused: correct the file and check it again.`
            : `Checked: ${counts.create} to create, ${counts.change} to change, ${counts.unchanged} unchanged. Nothing is saved yet.`,
        },
        report: res.data,
        csv,
        pictures,
        zipRefused,
      };
  return answer;
}

const OUTCOME: Record<ImportRow['outcome'], { label: string; tone: string }> = {
  create: { label: 'New', tone: 'bg-sage-soft text-ink' },
  change: { label: 'Changed', tone: 'bg-mustard/15 text-ink' },
  unchanged: { label: 'Unchanged', tone: 'bg-sand text-ink' },
  refused: { label: 'Refused', tone: 'bg-brand-soft text-ink' },
};

function RowItem({ row }: { row: ImportRow }) {
  const o = OUTCOME[row.outcome];
  return (
    <li className="py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${o.tone}`}>{o.label}</span>
        <span className="font-semibold break-all text-ink">{row.sku || '(no SKU)'}</span>
        <span className="text-sm break-all text-muted">
          line {row.line} · {row.product_slug}
        </span>
      </p>
      {row.creates.length > 0 && <p className="mt-1 text-sm text-ink">Creates: {row.creates.join(', ')}</p>}
      {row.changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm text-ink">
          {row.changes.map((c) => (
            <li key={c.field} className="break-words">
              <span className="font-semibold">{c.field}</span>: {c.from || '(empty)'} → {c.to || '(empty)'}
            </li>
          ))}
        </ul>
      )}
      {row.reasons.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm text-brand-dark">
          {row.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Report({ answer }: { answer: Answer }) {
  const { report } = answer;
  if (!report) return null;
  const shown = report.rows.filter((r) => r.outcome !== 'unchanged');
  const unchanged = report.rows.filter((r) => r.outcome === 'unchanged');
  const canApply = !report.applied && report.counts.refused === 0 && report.counts.create + report.counts.change > 0;
  return (
    <Card title={report.applied ? 'What was imported' : 'What the import would do'} className="mt-5">
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(['create', 'change', 'unchanged', 'refused'] as const).map((k) => (
          <div key={k} className="rounded-xl bg-sand px-3 py-2">
            <dt className="text-muted">{OUTCOME[k].label}</dt>
            <dd className="text-lg font-semibold text-ink" data-count={k}>
              {report.counts[k]}
            </dd>
          </div>
        ))}
      </dl>
      {report.ignored_columns.length > 0 && (
        <p className="mb-2 text-sm text-muted">Columns not read: {report.ignored_columns.join(', ')}</p>
      )}
      {answer.zipRefused && answer.zipRefused.length > 0 && (
        <ul className="mb-2 list-disc pl-5 text-sm text-brand-dark">
          {answer.zipRefused.map((z) => (
            <li key={z.name}>
              {z.name} (in the zip): {z.reason}
            </li>
          ))}
        </ul>
      )}
      {canApply && (
        <Form method="post" className="mb-3">
          <input type="hidden" name="csv_text" value={answer.csv} />
          <input type="hidden" name="pictures" value={JSON.stringify(answer.pictures ?? {})} />
          <button type="submit" name="intent" value="apply" className={buttonClass.dark}>
            Apply: {report.counts.create} new, {report.counts.change} changed
          </button>
        </Form>
      )}
      <ul className="divide-y divide-linen" aria-label="Rows">
        {shown.map((r) => (
          <RowItem key={r.line} row={r} />
        ))}
      </ul>
      {unchanged.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-ink">{unchanged.length} unchanged rows</summary>
          <ul className="divide-y divide-linen">
            {unchanged.map((r) => (
              <RowItem key={r.line} row={r} />
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

export default function CatalogImportExport({ actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageTitle>Import / export</PageTitle>
      <AdminNotice notice={answer?.notice} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Card title="Export the catalogue">
          <p className="mb-3 text-sm text-muted">
            One row per variant (colour and size) of every product, as CSV for a spreadsheet. Change prices, stock or
            texts there, add rows for new products, and import the file back here.
          </p>
          <a href={`/api/v1${ADMIN_ROUTES['admin.catalog.export'].path}`} download className={buttonClass.dark}>
            Download catalogue CSV
          </a>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">The columns</summary>
            <p className="mt-2 break-words text-muted">{CATALOG_CSV_COLUMNS.join(', ')}</p>
            <p className="mt-2 text-muted">
              Lists (collections, care details, highlights, tags, pictures) are separated by |. Prices in rupees with
              paise (1299.00). published and variant_active: yes or no.
            </p>
          </details>
        </Card>
        <Card title="Import a CSV">
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <label className={labelClass}>
              CSV file
              <input
                type="file"
                name="csv"
                required
                accept=".csv,text/csv"
                className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-linen file:bg-white file:px-4 file:font-semibold"
              />
            </label>
            <label className={labelClass}>
              Pictures (optional): a .zip whose file names the pictures column names
              <input
                type="file"
                name="zip"
                accept=".zip,application/zip"
                className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-linen file:bg-white file:px-4 file:font-semibold"
              />
            </label>
            <p className="text-sm text-muted">
              Checking saves nothing: it lists what would be created, changed or refused. Pictures are never fetched
              from web addresses.
            </p>
            <button type="submit" name="intent" value="check" className={buttonClass.dark} disabled={busy}>
              Check the file
            </button>
          </Form>
        </Card>
      </div>
      {answer && <Report answer={answer} />}
    </>
  );
}
