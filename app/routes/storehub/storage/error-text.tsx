import type { ReactNode } from "react";

/** An error under a field of the storage page (announced when it appears). */
export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="invalid-feedback d-block" role="alert" data-testid="storage-error">
      {children}
    </div>
  );
}
