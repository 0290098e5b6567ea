/** A white panel with an optional heading, in the shop's colours (app.css). */
export function Card({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-linen bg-white p-4 shadow-xs sm:p-5 ${className}`}>
      {title && <h2 className="mb-3 text-lg text-ink">{title}</h2>}
      {children}
    </section>
  );
}
