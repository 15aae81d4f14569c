// A form post whose body cannot be read as a form (another Content-Type, a broken multipart
// body, one the client cut off) makes `request.formData()` throw a TypeError inside the action.
// That is the sender's mistake, not ours: entry.server.tsx's handleError marks the request's
// context here, and the server (server/http/react-router-handler.ts) answers 400 instead of
// the 500 page.

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
