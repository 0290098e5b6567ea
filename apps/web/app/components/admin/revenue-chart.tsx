import { formatRupees } from '@shop/contract';

const W = 600;
const H = 240;
const PAD = { top: 16, right: 8, bottom: 40, left: 8 };

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * Revenue per day as bars, drawn on the server as SVG (no chart library,
 * no script). Large type in the drawing's own units stays readable when the
 * drawing shrinks to a phone's width; the figures are also in a table below.
 */
export function RevenueChart({ days }: { days: { date: string; revenue: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const step = (W - PAD.left - PAD.right) / days.length;
  const height = H - PAD.top - PAD.bottom;
  const best = days.reduce((a, b) => (b.revenue > a.revenue ? b : a), days[0] ?? { date: '', revenue: 0 });
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="revenue-chart-title"
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="revenue-chart-title">
          {`Revenue per day over the last ${days.length} days; the best day, ${dayLabel(best.date)}, took ${formatRupees(best.revenue)}`}
        </title>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={H - PAD.bottom}
          y2={H - PAD.bottom}
          stroke="#ebdfcf"
          strokeWidth={2}
        />
        {days.map((d, i) => {
          const h = Math.round((d.revenue / max) * height);
          const x = PAD.left + i * step + step * 0.15;
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={H - PAD.bottom - h}
                width={step * 0.7}
                height={Math.max(h, d.revenue > 0 ? 2 : 0)}
                rx={3}
                fill={d.date === best.date && d.revenue > 0 ? '#8f3b50' : '#b4546a'}
                opacity={d.revenue > 0 ? 1 : 0.3}
              />
              {labelled.has(i) && (
                <text
                  x={x + step * 0.35}
                  y={H - 10}
                  textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
                  fontSize={22}
                  fill="#6b5e57"
                >
                  {dayLabel(d.date)}
                </text>
              )}
            </g>
          );
        })}
        <text x={PAD.left + 4} y={PAD.top + 20} fontSize={22} fill="#3b2f2a">
          {`Best day ${formatRupees(best.revenue)}`}
        </text>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">Figures per day</summary>
        <table className="mt-2 w-full">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{dayLabel(d.date)}</td>
                <td className="text-right">{formatRupees(d.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
