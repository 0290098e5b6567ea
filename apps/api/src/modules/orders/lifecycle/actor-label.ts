import type { Actor } from '../../../context';

/** How the history names who acted: 'shopper:12', 'admin:3', 'provider:webhook', 'clock'. */
export function actorLabel(actor: Actor): string {
  if ('userId' in actor) return `${actor.kind}:${actor.userId}`;
  if (actor.kind === 'provider') return `provider:${actor.via}`;
  return actor.kind;
}
