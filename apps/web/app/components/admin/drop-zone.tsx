import { useId, useRef, useState } from 'react';
import { labelClass } from './bits';

/**
 * A file field for pictures: `accept="image/*"` (a phone offers its camera and
 * gallery), several at once. With scripts, files dropped on the zone fill the
 * same field, and the chosen names are listed; without, it is the plain field.
 */
export function DropZone({
  name,
  label,
  hint,
  multiple = true,
}: {
  name: string;
  label: string;
  hint: string;
  multiple?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  return (
    <div
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!input.current || e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setOver(false);
        input.current.files = e.dataTransfer.files;
        setNames([...e.dataTransfer.files].map((f) => f.name));
      }}
      className={`rounded-xl border-2 border-dashed p-4 ${over ? 'border-brand bg-brand-soft' : 'border-linen bg-cream'}`}
    >
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-2 text-xs text-muted">
        {hint} You can also drop files here.
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        name={name}
        accept="image/*"
        multiple={multiple}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setNames([...(e.currentTarget.files ?? [])].map((f) => f.name))}
        className="block w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-sand file:px-4 file:font-semibold"
      />
      {names.length > 0 && (
        <p className="mt-2 text-sm text-ink" aria-live="polite">
          Chosen: {names.join(', ')}
        </p>
      )}
    </div>
  );
}
