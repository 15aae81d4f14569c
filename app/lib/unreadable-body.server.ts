// A form post whose body cannot be read as a form (another Content-Type, a broken multipart
// body, one the client cut off) makes `request.formData()` throw a TypeError inside the action.
// That is the sender's mistake, not ours: entry.server.tsx's handleError marks the request's
// context here, and entry.server answers 400 instead of the 500 page. A body over its path's
// limit is refused with 413 by the server (server/http/body-limit.ts), which fails the body's
// stream with BodyTooLargeError: the action's error is expected then, not logged.

const marked = new WeakSet<object>();

export function isUnreadableFormError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /^(Failed to parse body as FormData|Content-Type was not one of)/.test(error.message)
  );
}

export function markUnreadableBody(context: object): void {
  marked.add(context);
}

export function hadUnreadableBody(context: object): boolean {
  return marked.has(context);
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** Whether `error` (or what it wraps) is the refusal of a body over its limit. */
export function isBodyTooLargeError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    if (cause instanceof BodyTooLargeError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
