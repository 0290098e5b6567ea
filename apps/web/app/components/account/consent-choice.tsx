import { formatIndianDate, type ConsentState } from '@shop/contract';
import { Form } from 'react-router';
import { CheckboxField, SubmitButton } from '~/components/forms/fields';
import { useSubmitting } from '~/lib/pending';

const SOURCES: Record<NonNullable<ConsentState['source']>, string> = {
  account: 'in your account',
  checkout: 'at checkout',
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

interface Choice {
  name: string;
  label: string;
  checked: boolean;
  state: ConsentState | undefined;
}

/** One channel's box for a purpose, with when and how the choice in force was made (docs/product.md 'Messages to shoppers'). */
function ConsentChoice({ name, label, checked, state }: Choice) {
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

/**
 * One purpose's form: a box per channel, posted with its `intent` (the action
 * leaves the other purpose as it was). Keyed by the choices, so a saved choice redraws.
 */
export function ConsentForm({
  label,
  intent,
  legend,
  choices,
}: {
  label: string;
  intent: 'orders' | 'marketing';
  legend: string;
  choices: Choice[];
}) {
  const pending = useSubmitting(intent);
  return (
    <Form method="post" aria-label={label} className="space-y-5" key={JSON.stringify(choices.map((c) => c.checked))}>
      <input type="hidden" name="intent" value={intent} />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold">{legend}</legend>
        {choices.map((choice) => (
          <ConsentChoice key={choice.name} {...choice} />
        ))}
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Saving..." className="w-full">
        Save my choice
      </SubmitButton>
    </Form>
  );
}
