import type { ItemSuggestion } from "./item-lookup";

/** The browser's own list under item fields (`list={id}`): SKU to pick, name beside it. */
export function ItemSuggestionList({
  id,
  suggestions,
}: {
  id: string;
  suggestions: readonly ItemSuggestion[];
}) {
  return (
    <datalist id={id}>
      {suggestions.map((suggestion) => (
        <option key={suggestion.sku} value={suggestion.sku}>
          {suggestion.name}
        </option>
      ))}
    </datalist>
  );
}
