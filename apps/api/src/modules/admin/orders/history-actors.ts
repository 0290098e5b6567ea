/** Someone a history row names by id ('admin:3'), as the users table knows them. */
export interface HistoryPerson {
  id: number;
  name: string;
  email: string;
  kind: 'account' | 'guest';
  deleted: boolean;
}

/** The provider that took the order's money, by the shop's name for its adapter (`PaymentProvider.name`). */
export function providerDisplayName(provider: string | null): string {
  if (provider === 'razorpay') return 'Razorpay';
  // The built-in provider of a shop without Razorpay keys: the pay page calls it 'Test payments'.
  if (provider === 'test') return 'Test payments';
  // The shopper's own store credit, spent at checkout (payments/credit-payment.ts).
  if (provider === 'store_credit') return 'Store credit';
  return 'The payment provider';
}

/** How the provider came to act (context.ts `Actor`, kind 'provider'). */
const PROVIDER_VIA: Record<string, string> = {
  browser: 'at checkout',
  webhook: 'payment notice',
  api: 'checked by the shop',
  reconcile: 'checked by the shop',
};

const personName = (p: HistoryPerson) => p.name.trim() || p.email;

function shopperLabel(person: HistoryPerson | undefined, nameOnOrder: string): string {
  if (!person) return 'The shopper';
  if (person.deleted) return 'The shopper (account deleted)';
  // A guest often has no name of their own: the one the order was addressed to.
  const name = person.name.trim() || nameOnOrder.trim();
  if (person.kind === 'guest') return name ? `The guest (${name})` : 'The guest';
  return `The shopper (${name || person.email})`;
}

/** The user id a stored actor names ('shopper:12' → 12), or null. */
export function actorUserId(actor: string): number | null {
  const match = /^(?:shopper|staff|admin):(\d+)$/.exec(actor);
  return match ? Number(match[1]) : null;
}

/**
 * A history row's stored actor (lifecycle/fire.ts `actorLabel`: 'shopper:12',
 * 'admin:3', 'provider:webhook', 'clock'; the placing row's bare 'shopper')
 * in words for the back office: 'The shopper (Asha Rao)', 'Priya (admin)',
 * 'Razorpay (payment notice)', 'Automatic (payment window)'. An actor it does
 * not know is shown as stored rather than hidden.
 */
export function actorInWords(
  actor: string,
  facts: {
    people: Map<number, HistoryPerson>;
    /** The order's shopper and the name it is addressed to. */
    shopper: { id: number; name: string };
    /** The provider's display name (`providerDisplayName`). */
    provider: string;
  },
): string {
  const [kind, detail] = actor.split(':', 2);
  const person = detail && /^\d+$/.test(detail) ? facts.people.get(Number(detail)) : undefined;
  switch (kind) {
    case 'shopper': {
      // The placing row names no id: it is the order's own shopper.
      const id = detail === undefined ? facts.shopper.id : Number(detail);
      return shopperLabel(facts.people.get(id), id === facts.shopper.id ? facts.shopper.name : '');
    }
    case 'staff':
    case 'admin': {
      if (!person || person.deleted) return kind === 'admin' ? 'An admin (account removed)' : 'Staff (account removed)';
      return `${personName(person)} (${kind})`;
    }
    case 'provider': {
      // An order the shopper's store credit paid in full was paid as it was placed.
      if (detail === 'store_credit') return 'Store credit (at checkout)';
      const via = detail ? PROVIDER_VIA[detail] : undefined;
      return via ? `${facts.provider} (${via})` : facts.provider;
    }
    case 'clock':
      // The clock fires one rule: an order left unpaid (or a COD order unconfirmed) past its window.
      return 'Automatic (payment window)';
    case 'system':
      return 'Automatic (the shop)';
    case 'anonymous':
      return 'Someone not signed in';
    default:
      return actor;
  }
}
