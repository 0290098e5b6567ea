import { formatIndianDate, type ConsentState } from '@shop/contract';
import { CheckboxField } from '~/components/forms/fields';

const SOURCES: Record<NonNullable<ConsentState['source']>, string> = {
  account: 'in your account',
  whatsapp_stop: 'you replied STOP on WhatsApp',
  sms_stop: 'you replied STOP by SMS',
  link: 'the unsubscribe link in an email',
};

/** When and how the choice in force was made. */
function since(state: ConsentState | undefined): string {
  if (!state?.at || !state.source) return 'Off: you have not chosen it.';
  const day = formatIndianDate(new Date(state.at));
  return `${state.granted ? 'On' : 'Off'} since ${day} (${SOURCES[state.source]}).`;
}

/** One channel's box for a purpose, with when and how the choice in force was made (docs/product.md 'Messages to shoppers'). */
export function ConsentChoice({
  name,
  label,
  checked,
  state,
}: {
  name: string;
  label: string;
  checked: boolean;
  state: ConsentState | undefined;
}) {
  const hint = `${name}-since`;
  return (
    <div>
      <CheckboxField name={name} label={label} defaultChecked={checked} aria-describedby={hint} />
      <p id={hint} className="ml-7 text-sm text-muted">
        {since(state)}
      </p>
    </div>
  );
}
