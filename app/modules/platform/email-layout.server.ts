/** One e-mail in two languages: Thai first, then English, as plain text and as HTML. */
export interface BilingualEmail {
  subject: { th: string; en: string };
  /** Paragraphs of each language; a link is added after them when given. */
  th: string[];
  en: string[];
  link?: { url: string; th: string; en: string };
}

export function renderBilingualEmail(email: BilingualEmail): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `${email.subject.th} / ${email.subject.en}`;
  const text = [
    ...email.th,
    ...(email.link ? [`${email.link.th}: ${email.link.url}`] : []),
    "",
    "— English —",
    "",
    ...email.en,
    ...(email.link ? [`${email.link.en}: ${email.link.url}`] : []),
    "",
    "DP Tech · 02-114-7788 · sales@dptech.co.th",
  ].join("\n\n");
  const paragraphs = (lines: string[]) =>
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
  const button = (label: string) =>
    email.link
      ? `<p><a href="${escapeHtml(email.link.url)}" style="display:inline-block;background:#0d47a1;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`
      : "";
  const html = `<!doctype html><html lang="th"><body style="font-family:Sarabun,Tahoma,sans-serif;line-height:1.6;color:#0b1f33;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(email.subject.th)}</h1>
${paragraphs(email.th)}
${button(email.link?.th ?? "")}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<div lang="en">
<h2 style="font-size:18px">${escapeHtml(email.subject.en)}</h2>
${paragraphs(email.en)}
${button(email.link?.en ?? "")}
</div>
<p style="color:#5c6b7a;font-size:13px">DP Tech · 02-114-7788 · sales@dptech.co.th</p>
</body></html>`;
  return { subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
