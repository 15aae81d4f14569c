// The rule both CSS purges share (scripts/purge-unused-utilities.ts, scripts/page-stylesheet.ts):
// a selector stays when every class it requires is a word of the source they scan.
import { readFileSync } from "node:fs";
import type { ChildNode } from "postcss";

/** Every word of the files that could be a class name. */
export function wordsOf(files: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const file of files) {
    for (const word of readFileSync(file, "utf8").match(/[A-Za-z0-9_-]+/g) ?? []) words.add(word);
  }
  return words;
}

/**
 * Keeps a selector when each class it requires is used (`keep` spares names made at run time).
 * Classes inside `:not(…)` are not required: `.input-group:not(.has-validation)` matches an
 * input group whether or not the source ever names `has-validation`.
 */
export function selectorUsed(
  selector: string,
  used: Set<string>,
  keep: (name: string) => boolean = () => false,
): boolean {
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "");
  for (const [, name] of required.matchAll(/\.([A-Za-z0-9_-]+)/g)) {
    if (name && !used.has(name) && !keep(name)) return false;
  }
  return true;
}

/** Drops the rules among `nodes` (and the at-rules then empty) that no used class selects. */
export function purgeRules(
  nodes: readonly ChildNode[],
  used: Set<string>,
  keep?: (name: string) => boolean,
): void {
  for (const node of nodes) {
    if (node.type === "rule") {
      // Keyframe steps (`from`, `25%`) have no classes and stay.
      const kept = node.selectors.filter((s) => selectorUsed(s, used, keep));
      if (kept.length === 0) node.remove();
      else if (kept.length !== node.selectors.length) node.selectors = kept;
    } else if (node.type === "atrule" && node.nodes) {
      purgeRules([...node.nodes], used, keep);
      if (node.nodes.length === 0) node.remove();
    }
  }
}
