interface ChoiceCardProps {
  name: string;
  value: string | number;
  /** Chosen when the page is rendered; from then on the radio keeps its own state. */
  defaultChecked: boolean;
  title: string;
  note: string;
}

/** One radio of the checkout, as a card: the whole card picks it, and the chosen one is outlined (in CSS, scripts or not). */
export function ChoiceCard({ name, value, defaultChecked, title, note }: ChoiceCardProps) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-2xl border-2 border-transparent bg-white p-4 has-[:checked]:border-brand">
      <input type="radio" name={name} value={value} className="mt-1 accent-brand" defaultChecked={defaultChecked} />
      <span className="text-sm">
        <span className="block font-semibold">{title}</span>
        <span className="text-muted">{note}</span>
      </span>
    </label>
  );
}
