/*
 * What the owner's list of tills calls a bound device. The browser sends its user-agent string
 * when it is bound (kept whole on the till); the list names it by browser and system, which a
 * shop owner recognises, instead of a 120-character string that breaks a phone's table.
 */

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\//, "Edge"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/OPR\//, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const first = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome · Android" for a user-agent string; any other label as it was given. */
export function deviceName(label: string): string {
  if (!label.startsWith("Mozilla/")) return label;
  const browser = first(BROWSERS, label);
  const system = first(SYSTEMS, label);
  return [browser, system].filter(Boolean).join(" · ") || label.slice(0, 40);
}
