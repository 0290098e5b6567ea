import type { EnquiryRow } from '@shop/contract';
import { Link } from 'react-router';
import { CardList, cardClass, excerpt } from './bits';
import { formatWhen } from './ui';

const STATUS_TONE = { new: 'bg-mustard/15', answered: 'bg-sage-soft', closed: 'bg-sand' } as const;

/** Enquiries as cards: who, what, whether it is a return request, and where it stands. */
export function EnquiryList({ enquiries }: { enquiries: EnquiryRow[] }) {
  return (
    <CardList items={enquiries} empty="No enquiries here.">
      {(e) => (
        <li key={e.id}>
          <Link to={`/admin/enquiries/${e.id}`} className={cardClass}>
            <span className="flex items-center justify-between gap-2">
              <span className="font-bold break-all text-ink">{e.name}</span>
              <span className={`rounded-full px-3 py-1 text-xs font-bold text-ink capitalize ${STATUS_TONE[e.status]}`}>
                {e.status}
              </span>
            </span>
            <span className="mt-1 block text-sm text-ink">
              {e.is_return ? `Return request · order #${e.order_id}` : 'Message'}
              {e.replies > 0 ? ` · ${e.replies} repl${e.replies === 1 ? 'y' : 'ies'}` : ''}
            </span>
            <span className="mt-1 block text-sm text-muted">{excerpt(e.message)}</span>
            <span className="mt-1 block text-xs text-muted">{formatWhen(e.created_at)}</span>
          </Link>
        </li>
      )}
    </CardList>
  );
}
