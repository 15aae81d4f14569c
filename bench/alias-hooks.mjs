// Module resolution hooks for the benchmarks: Node runs the app's TypeScript directly (type
// stripping), but the app's and the server's imports use the "~/" alias and leave out the
// ".ts" extension, as Vite allows. Registered by the benchmarks (and the baseline's server)
// before they import those modules.
import { statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const appRoot = new URL("../app/", import.meta.url);
const serverRoot = new URL("../server/", import.meta.url);
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts"];

function withExtension(url) {
  for (const extension of EXTENSIONS) {
    const candidate = new URL(url.href + extension);
    // A file only: "~/modules/stock" names a folder, whose index.ts is the module's surface.
    if (statSync(fileURLToPath(candidate), { throwIfNoEntry: false })?.isFile()) {
      return candidate.href;
    }
  }
  return null;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith("~/")) {
    const found = withExtension(new URL(specifier.slice(2), appRoot));
    if (found) return { url: found, shortCircuit: true };
  } else if (
    (specifier.startsWith("./") || specifier.startsWith("../")) &&
    [appRoot, serverRoot].some((root) =>
      context.parentURL?.startsWith(pathToFileURL(fileURLToPath(root)).href),
    )
  ) {
    const found = withExtension(new URL(specifier, context.parentURL));
    if (found) return { url: found, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
