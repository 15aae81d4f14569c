import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { MessageKey } from "~/lib/i18n";

/** What a person typed, by field name, to put back into the form after a refusal. */
export type FormValues = Record<string, string>;

/** Per field (its name in the form; "form" for the whole form), the key of its first problem. */
export type FieldErrors = Record<string, MessageKey>;

export type FormReading<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; errors: FieldErrors; values: FormValues };

// Conform reads these two names as its own instructions (and JSON-parses one of them); a
// crafted post must not reach that, our forms never use them.
const CONFORM_RESERVED = new Set(["__intent__", "__state__"]);
// "lines[99999999].qty" would make a list of a hundred million empty places for the schema
// to walk through; no form of ours has a list that long, so such a name is not read.
const HUGE_INDEX = /\[\d{4,}\]/;
// Passwords are never sent back to the page.
const SECRET_FIELD = /password/i;
/** The key shown next to a field whose rule did not name one (a validator's own English). */
export const FALLBACK_ERROR: MessageKey = "error.invalidField";

/**
 * The one way an action reads and checks its form: Conform's `parseWithZod` against a zod
 * schema whose rules name message keys ("shops.error.nameRequired"). Names with dots and
 * brackets ("lines[0].qty") build nested values, a field sent several times becomes a list.
 *
 * Fields are read as typed (no automatic coercion): the schemas trim and convert themselves,
 * so an empty field gets its own message ("name required") rather than a type error. A field
 * the form did not send at all (a stale or tampered form) is read as empty for the same
 * reason. A single field sent twice is refused next to it.
 */
export function readForm<S extends z.ZodType>(
  form: FormData | URLSearchParams,
  schema: S,
): FormReading<z.output<S>> {
  const body = new FormData();
  // A Map, so that names such as "__proto__" or "toString" are plain names.
  const typed = new Map<string, string>();
  for (const [name, value] of form) {
    if (CONFORM_RESERVED.has(name) || HUGE_INDEX.test(name)) continue;
    body.append(name, value);
    if (typeof value === "string" && !SECRET_FIELD.test(name) && !typed.has(name)) {
      typed.set(name, value);
    }
  }
  const values: FormValues = Object.fromEntries(typed);
  let submission = parse(body, schema);
  if (submission.status !== "success") {
    const missing = Object.keys(submission.error ?? {}).filter(
      (name) => name !== "" && !body.has(name),
    );
    if (missing.length > 0) {
      for (const name of missing) body.append(name, "");
      submission = parse(body, schema);
    }
  }
  if (submission.status === "success") return { ok: true, data: submission.value, values };
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (first === undefined) continue;
    errors[name === "" ? "form" : name] = isMessageKey(first) ? first : FALLBACK_ERROR;
  }
  // A refusal always says something, even if every problem was skipped by the schema.
  if (Object.keys(errors).length === 0) errors.form = FALLBACK_ERROR;
  return { ok: false, errors, values };
}

function parse<S extends z.ZodType>(body: FormData, schema: S) {
  return parseWithZod(body, {
    schema,
    disableAutoCoercion: true,
    formatError: (issues: readonly { message: string }[]) => issues.map((issue) => issue.message),
  });
}

/** Our rules' messages are keys ("auth.error.weak-password"); a validator's own are sentences. */
export function isMessageKey(text: string): text is MessageKey {
  return /^[a-z][\w-]*(\.[\w-]+)+$/i.test(text);
}
