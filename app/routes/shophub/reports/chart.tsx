import { useId } from "react";
import { formatSatang } from "~/lib/money";

/*
 * Net revenue, gross profit and net profit over time as an inline SVG drawn on the server: no
 * chart library reaches the browser (a few hundred bytes of markup instead of tens of kB of
 * script). The viewBox scales to the column's width, so it stays readable at 375 px; each line
 * has its own dash pattern as well as its colour, and the same numbers are in the table by
 * period below it.
 */

export interface ChartSeries {
  label: string;
  color: string;
  dash: string;
  values: number[];
}

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { left: 70, right: 12, top: 12, bottom: 28 };

export function PnlChart({
  title,
  description,
  labels,
  series,
}: {
  title: string;
  description: string;
  labels: string[];
  series: ChartSeries[];
}) {
  const id = useId();
  const all = series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (labels.length <= 1 ? plotW / 2 : (i * plotW) / (labels.length - 1));
  const y = (v: number) => PAD.top + ((max - v) * plotH) / span;
  const step = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <figure className="mb-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="d-block"
        style={{ maxHeight: "20rem" }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#6c757d" />
        {[max, min].map((v, i) =>
          v === 0 && i === 1 ? null : (
            <text
              key={i}
              x={PAD.left - 6}
              y={y(v) + 4}
              textAnchor="end"
              fontSize="12"
              fill="#212529"
            >
              {formatSatang(v)}
            </text>
          ),
        )}
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="12" fill="#212529">
          0
        </text>
        {labels.map((label, i) =>
          i % step === 0 || i === labels.length - 1 ? (
            <text
              key={label}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontSize="12"
              fill="#212529"
            >
              {label}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <polyline
            key={s.label}
            fill="none"
            stroke={s.color}
            strokeWidth="2.5"
            strokeDasharray={s.dash}
            points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="list-inline small mb-0">
          {series.map((s) => (
            <li key={s.label} className="list-inline-item me-3">
              <svg width="28" height="10" aria-hidden="true" className="me-1">
                <line
                  x1="0"
                  x2="28"
                  y1="5"
                  y2="5"
                  stroke={s.color}
                  strokeWidth="3"
                  strokeDasharray={s.dash}
                />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
