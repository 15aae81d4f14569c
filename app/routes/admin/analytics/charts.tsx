import { useId } from "react";

/*
 * The analytics page's charts as inline SVG drawn on the server (as the P&L's): no chart library
 * reaches the browser. The same numbers are in the tables beside them.
 */

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

/** Page views as bars and unique visitors as a line, per hour or day. */
export function TrafficChart({
  title,
  description,
  labels,
  pageViews,
  visitors,
  legend,
}: {
  title: string;
  description: string;
  labels: string[];
  pageViews: number[];
  visitors: number[];
  legend: { pageViews: string; visitors: string };
}) {
  const id = useId();
  const max = Math.max(1, ...pageViews, ...visitors);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, labels.length);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const y = (v: number) => PAD.top + plotH - (v * plotH) / max;
  const step = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <figure className="mb-4" data-testid="analytics-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="d-block"
        style={{ maxHeight: "18rem" }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#6c757d" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="12" fill="#212529">
          {max}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="12" fill="#212529">
          0
        </text>
        {pageViews.map((v, i) => (
          <rect
            key={i}
            x={(x(i) - slot * 0.35).toFixed(1)}
            y={y(v).toFixed(1)}
            width={(slot * 0.7).toFixed(1)}
            height={(y(0) - y(v)).toFixed(1)}
            fill="#0d47a1"
          />
        ))}
        <polyline
          fill="none"
          stroke="#e65100"
          strokeWidth="2.5"
          strokeDasharray="6 3"
          points={visitors.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
        />
        {labels.map((label, i) =>
          i % step === 0 || i === labels.length - 1 ? (
            <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill="#212529">
              {label}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption>
        <ul className="list-inline small mb-0">
          <li className="list-inline-item me-3">
            <svg width="14" height="10" aria-hidden="true" className="me-1">
              <rect width="14" height="10" fill="#0d47a1" />
            </svg>
            {legend.pageViews}
          </li>
          <li className="list-inline-item me-3">
            <svg width="28" height="10" aria-hidden="true" className="me-1">
              <line
                x1="0"
                x2="28"
                y1="5"
                y2="5"
                stroke="#e65100"
                strokeWidth="3"
                strokeDasharray="6 3"
              />
            </svg>
            {legend.visitors}
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}

export const RATING_COLORS = { good: "#0a7d32", ni: "#b35c00", poor: "#b00020" } as const;

/** Per metric, one bar split into its shares of good, needs improvement and poor. */
export function RatingBars({
  title,
  rows,
  labels,
}: {
  title: string;
  rows: { metric: string; good: number; ni: number; poor: number }[];
  labels: { good: string; ni: string; poor: string };
}) {
  const id = useId();
  const rowH = 28;
  const left = 56;
  const width = 640;
  const height = rows.length * rowH + 8;
  return (
    <figure className="mb-4" data-testid="analytics-vitals-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title`}
        className="d-block"
        style={{ maxHeight: "12rem" }}
      >
        <title id={`${id}-title`}>{title}</title>
        {rows.map((row, i) => {
          const total = row.good + row.ni + row.poor || 1;
          let at = left;
          return (
            <g key={row.metric}>
              <text x={left - 8} y={i * rowH + 22} textAnchor="end" fontSize="13" fill="#212529">
                {row.metric}
              </text>
              {(["good", "ni", "poor"] as const).map((rating) => {
                const w = ((width - left - 8) * row[rating]) / total;
                const rect = (
                  <rect
                    key={rating}
                    x={at.toFixed(1)}
                    y={i * rowH + 6}
                    width={w.toFixed(1)}
                    height={rowH - 8}
                    fill={RATING_COLORS[rating]}
                  >
                    <title>{`${labels[rating]} ${Math.round((row[rating] * 100) / total)}%`}</title>
                  </rect>
                );
                at += w;
                return rect;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="list-inline small mb-0">
          {(["good", "ni", "poor"] as const).map((rating) => (
            <li key={rating} className="list-inline-item me-3">
              <svg width="14" height="10" aria-hidden="true" className="me-1">
                <rect width="14" height="10" fill={RATING_COLORS[rating]} />
              </svg>
              {labels[rating]}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
