import { PlusBoldIcon } from '~/components/ui/product-icons';

interface DetailsProps {
  description: string;
  /** 'India': shown as 'Made in India' (Consumer Protection (E-Commerce) Rules 2020). */
  origin: string;
  care: string[];
  highlights: string[];
}

function Item({ title, open = false, children }: { title: string; open?: boolean; children: React.ReactNode }) {
  return (
    <details open={open} className="group border-b border-linen">
      <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-ink hover:text-brand-dark [&::-webkit-details-marker]:hidden">
        <h2 className="font-display text-xl">{title}</h2>
        <PlusBoldIcon size={5} className="shrink-0 text-muted transition-transform duration-200 group-open:rotate-45" />
      </summary>
      <div className="pb-6 leading-relaxed text-muted">{children}</div>
    </details>
  );
}

function Bullets({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((t) => (
        <li key={t} className="flex gap-3">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand" />
          {t}
        </li>
      ))}
    </ul>
  );
}

/**
 * Description, product highlights and care details as disclosures (native
 * <details>, no script needed); the first two start open.
 */
export function ProductDetails({ description, origin, care, highlights }: DetailsProps) {
  return (
    <div className="border-t border-linen">
      <Item title="Description" open>
        <p className="whitespace-pre-line">{description}</p>
        <p className="mt-3">
          Country of origin: <strong className="text-ink">Made in {origin}</strong>
        </p>
      </Item>
      {highlights.length > 0 && (
        <Item title="Product highlights" open>
          <Bullets items={highlights} />
        </Item>
      )}
      {care.length > 0 && (
        <Item title="Care details">
          <Bullets items={care} />
        </Item>
      )}
    </div>
  );
}
