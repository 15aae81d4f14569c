import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A PDF's text as pdftotext (Debian's poppler-utils) reads it, in reading order, UTF-8: the
 * text a viewer searches and copies.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const child = run("pdftotext", ["-enc", "UTF-8", "-", "-"], { encoding: "utf8" });
  child.child.stdin!.end(pdf);
  return (await child).stdout;
}
