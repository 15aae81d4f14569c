import { useLocation } from "react-router";

/** This page's URL with some parameters changed (null removes one); `done` never carries. */
export function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("done");
    params.delete("number");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
}
