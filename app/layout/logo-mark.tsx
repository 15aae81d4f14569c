/**
 * The company's mark (public/images/logo-mark.svg, also the favicon) drawn in the page itself:
 * as an `<img>`, an SVG costs the browser an isolated document of its own on the main thread
 * while the page loads (docs/decisions/0049-raster-illustrations.md). Decorative: the brand
 * name beside it is the link's text. Shown once per page (the gradient's id).
 */
export function LogoMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-mark-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1565c0" />
          <stop offset="1" stopColor="#0b1f33" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="60" height="60" rx="14" fill="url(#logo-mark-bg)" />
      <path d="M32 18V11" stroke="#e8f0fb" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="32" cy="9" r="3.6" fill="#ff7a00" />
      <rect x="9.5" y="30" width="5" height="10" rx="2" fill="#e8f0fb" />
      <rect x="49.5" y="30" width="5" height="10" rx="2" fill="#e8f0fb" />
      <circle cx="32" cy="35" r="17.5" fill="#e8f0fb" />
      <circle cx="32" cy="35" r="15" fill="#0d47a1" />
      <path
        fill="#42a5f5"
        d="M37.2 32L46.8 37.5A15 15 0 0 1 37.2 49.1L37.2 38ZM32 41L22.4 46.5A15 15 0 0 1 17.2 32.5L26.8 38ZM26.8 32L26.8 20.9A15 15 0 0 1 41.6 23.5L32 29Z"
      />
      <path
        fill="#1e88e5"
        d="M37.2 38L37.2 49.1A15 15 0 0 1 22.4 46.5L32 41ZM26.8 38L17.2 32.5A15 15 0 0 1 26.8 20.9L26.8 32ZM32 29L41.6 23.5A15 15 0 0 1 46.8 37.5L37.2 32Z"
      />
      <path fill="#0b1f33" d="M32 29L37.2 32L37.2 38L32 41L26.8 38L26.8 32Z" />
      <circle cx="32" cy="35" r="2.4" fill="#ff7a00" />
      <path
        d="M23 26.5A12 12 0 0 1 29 23.3"
        fill="none"
        stroke="#fff"
        strokeOpacity=".7"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
