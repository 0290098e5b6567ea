/** A home section's centred heading with a small uppercase eyebrow. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto mb-8 max-w-2xl text-center sm:mb-10">
      <p className="text-xs font-bold tracking-[0.22em] text-brand-dark uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl leading-tight text-ink sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-muted">{children}</p>}
    </div>
  );
}
