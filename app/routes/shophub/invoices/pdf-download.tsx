import type { FormEvent } from "react";
import { useRevalidator } from "react-router";

interface PdfDownloadProps {
  /** The PDF's address (documentPdfHref). */
  href: string;
  shopId: string;
  fileName: string;
  label: string;
  /** The e-receipt link the page shows (decision 0094), for the PDF to carry the same one. */
  receiptLink?: string | null;
}

/**
 * The print page's "download PDF": a post, because handing the PDF out counts as a print (the
 * first is the original). With scripts the PDF is fetched and saved here and the page reloads
 * its data, so what it shows (and prints next) already says สำเนา; without them the browser
 * posts the form itself and saves the answer (an attachment: the page stays).
 */
export function PdfDownload({ href, shopId, fileName, label, receiptLink }: PdfDownloadProps) {
  const { revalidate } = useRevalidator();

  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const answer = await fetch(form.action, { method: "POST", body: new FormData(form) }).catch(
      () => null,
    );
    // Refused (another shop became the active one, the sale is gone) or offline: the browser's
    // own post shows the server's page or its own error, as without scripts.
    if (!answer?.ok) {
      form.submit();
      return;
    }
    const url = URL.createObjectURL(await answer.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    // The click has started the download; the address is no longer needed after this task.
    setTimeout(() => URL.revokeObjectURL(url));
    void revalidate();
  }

  return (
    <form method="post" action={href} onSubmit={(event) => void download(event)}>
      <input type="hidden" name="shopId" value={shopId} />
      {receiptLink && <input type="hidden" name="receiptLink" value={receiptLink} />}
      <button type="submit" className="btn btn-outline-secondary">
        {label}
      </button>
    </form>
  );
}
