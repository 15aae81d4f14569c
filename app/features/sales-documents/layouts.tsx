import type { DocumentRow, DocumentView } from "./document-view";

/*
 * The printed documents as HTML: a thermal receipt 58 or 80 mm wide and an A4 page (full tax
 * invoice, credit note, or an A4 copy of a receipt). They take the worked-out DocumentView and
 * only place it; the page size, the font and the widths are in print.css.
 */

function Rows({ rows, className }: { rows: DocumentRow[]; className?: string }) {
  return (
    <>
      {rows.map((row, index) => (
        <div className={`doc-row${row.strong ? " doc-strong" : ""} ${className ?? ""}`} key={index}>
          <span>{row.label}</span>
          <span className="doc-amount">{row.value}</span>
        </div>
      ))}
    </>
  );
}

/**
 * The e-receipt QR and its caption (decision 0094), when the slip carries one, with the four
 * light modules around it that ISO/IEC 18004 asks as a quiet zone.
 */
export function ReceiptQr({ view }: { view: DocumentView }) {
  const qr = view.receiptQr;
  if (!qr) return null;
  return (
    <div className="doc-center doc-qr" data-testid="doc-receipt-qr">
      <svg
        viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`}
        role="img"
        aria-label={qr.caption}
        shapeRendering="crispEdges"
      >
        <rect x={-4} y={-4} width={qr.size + 8} height={qr.size + 8} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <div className="doc-sub">{qr.caption}</div>
    </div>
  );
}

/** Signature lines, each with its role under it and, when known, the person's name. */
function Signatures({ view, className }: { view: DocumentView; className: string }) {
  return (
    <section className={className} data-testid="doc-signatures">
      {view.signatures.map((signature) => (
        <div key={signature.label}>
          <div className="doc-a4-sign-line" />
          <div>{signature.label}</div>
          {signature.name && <div>({signature.name})</div>}
        </div>
      ))}
    </section>
  );
}

/** A credit note's correction (section 86/10): original, correct, difference and its VAT. */
function Correction({ view }: { view: DocumentView }) {
  if (view.correction.length === 0) return null;
  return (
    <div className="doc-correction" data-testid="doc-correction">
      <div className="doc-strong">{view.correctionTitle}</div>
      <Rows rows={view.correction} />
    </div>
  );
}

function VoidMark({ view }: { view: DocumentView }) {
  if (!view.voided) return null;
  return (
    <div className="doc-void" data-testid="doc-void">
      <div className="doc-void-mark">{view.voidMark}</div>
      {view.voidReason && <div className="doc-void-reason">{view.voidReason}</div>}
    </div>
  );
}

export function ThermalReceipt({ view, paper }: { view: DocumentView; paper: "58" | "80" }) {
  return (
    <article className={`doc doc-thermal doc-${paper}`} data-testid="sale-document">
      <VoidMark view={view} />
      {view.logoUrl && <img className="doc-logo" src={view.logoUrl} alt="" />}
      <header className="doc-center">
        {view.header.map((line, index) => (
          <div key={index}>{line}</div>
        ))}
        <div className="doc-strong">{view.seller.name}</div>
        <div>{view.seller.address}</div>
        {view.seller.phone && <div>{view.seller.phone}</div>}
        {view.seller.taxLine && <div>{view.seller.taxLine}</div>}
        {view.seller.branch && <div>{view.seller.branch}</div>}
        {view.seller.posNo && <div>{view.seller.posNo}</div>}
        <div className="doc-title">{view.title}</div>
        {view.isCopy && <div className="doc-copy">{view.copyMark}</div>}
      </header>
      <div className="doc-rule" />
      <div className="doc-row">
        <span>{view.number}</span>
        <span>{view.date}</span>
      </div>
      {view.buyer && (
        <div data-testid="doc-buyer">
          <div className="doc-strong">{view.buyer.name}</div>
          <div>{view.buyer.address}</div>
          <div>
            {view.buyer.taxLine} {view.buyer.branch}
          </div>
        </div>
      )}
      {view.references.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
      <Correction view={view} />
      <div className="doc-rule" />
      {view.lines.map((line) => (
        <div className="doc-line" key={line.no}>
          <div className="doc-row">
            <span className="doc-name">{line.name}</span>
            <span className="doc-amount">{line.amount}</span>
          </div>
          {line.options.map((option) => (
            <div className="doc-sub" key={option} data-testid="doc-line-option">
              + {option}
            </div>
          ))}
          <div className="doc-sub">{line.qtyAtPrice}</div>
          {line.discount && (
            // In the amount column, so the column adds up to the subtotal.
            <div className="doc-row doc-sub">
              <span>{view.lineDiscountLabel}</span>
              <span className="doc-amount">-{line.discount}</span>
            </div>
          )}
        </div>
      ))}
      <div className="doc-rule" />
      <Rows rows={view.totals} />
      <Rows rows={[view.total]} className="doc-total" />
      <div className="doc-words">{view.words}</div>
      {view.vatNote && <div className="doc-center">{view.vatNote}</div>}
      <Rows rows={view.vatBreakdown} className="doc-sub" />
      <div className="doc-rule" />
      <Rows rows={view.payments} />
      {view.change && <Rows rows={[{ ...view.change, strong: true }]} />}
      {view.note && <div>{view.note}</div>}
      {view.customer.map((line) => (
        <div key={line} data-testid="doc-customer">
          {line}
        </div>
      ))}
      <div className="doc-rule" />
      <div className="doc-row doc-sub">
        <span>{view.cashier}</span>
        <span>{view.till}</span>
      </div>
      {view.signOnRoll && <Signatures view={view} className="doc-roll-signatures" />}
      <footer className="doc-center">
        {view.footer.map((line, index) => (
          <div key={index}>{line}</div>
        ))}
      </footer>
      <ReceiptQr view={view} />
    </article>
  );
}

export interface A4Labels {
  seller: string;
  buyer: string;
  number: string;
  date: string;
  no: string;
  item: string;
  qty: string;
  unitPrice: string;
  discount: string;
  amount: string;
  cashier: string;
}

export function A4Document({ view, labels }: { view: DocumentView; labels: A4Labels }) {
  return (
    <article className="doc doc-a4" data-testid="sale-document">
      <VoidMark view={view} />
      <header className="doc-a4-head">
        <div className="doc-a4-seller">
          {view.logoUrl && <img className="doc-logo" src={view.logoUrl} alt="" />}
          <div className="doc-strong doc-big">{view.seller.name}</div>
          <div>{view.seller.address}</div>
          {view.seller.phone && <div>{view.seller.phone}</div>}
          {view.seller.taxLine && (
            <div>
              {view.seller.taxLine}
              {view.seller.branch && ` ${view.seller.branch}`}
            </div>
          )}
          {view.seller.posNo && <div>{view.seller.posNo}</div>}
        </div>
        <div className="doc-a4-title">
          <div className="doc-title">{view.title}</div>
          <div className="doc-copy">{view.copyMark}</div>
        </div>
      </header>
      <section className="doc-a4-parties">
        <div className="doc-a4-box">
          {view.buyer ? (
            <>
              <div className="doc-strong">{labels.buyer}</div>
              <div>{view.buyer.name}</div>
              <div>{view.buyer.address}</div>
              <div>
                {view.buyer.taxLine} {view.buyer.branch}
              </div>
            </>
          ) : (
            view.header.map((line, index) => <div key={index}>{line}</div>)
          )}
        </div>
        <div className="doc-a4-box">
          <div className="doc-row">
            <span>{labels.number}</span>
            <span className="doc-strong">{view.number}</span>
          </div>
          <div className="doc-row">
            <span>{labels.date}</span>
            <span>{view.date}</span>
          </div>
          <div className="doc-row">
            <span>{labels.cashier}</span>
            <span>{view.cashier}</span>
          </div>
          {view.references.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
          <Correction view={view} />
        </div>
      </section>
      <table className="doc-a4-lines">
        <thead>
          <tr>
            <th>{labels.no}</th>
            <th>{labels.item}</th>
            <th className="doc-amount">{labels.qty}</th>
            <th className="doc-amount">{labels.unitPrice}</th>
            <th className="doc-amount">{labels.discount}</th>
            <th className="doc-amount">{labels.amount}</th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <tr key={line.no}>
              <td>{line.no}</td>
              <td>
                {line.name}
                {line.options.map((option) => (
                  <div className="doc-sub" key={option} data-testid="doc-line-option">
                    + {option}
                  </div>
                ))}
              </td>
              <td className="doc-amount">
                {line.qty} {line.unit}
              </td>
              <td className="doc-amount">{line.unitPrice}</td>
              <td className="doc-amount">{line.discount ?? ""}</td>
              {/* Quantity × price − discount: the row adds up by itself. */}
              <td className="doc-amount">{line.net}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="doc-a4-sums">
        <div className="doc-a4-words">
          <div className="doc-words">{view.words}</div>
          {view.note && <div>{view.note}</div>}
          {view.customer.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
        <div className="doc-a4-totals">
          <Rows rows={view.totals} />
          <Rows rows={[view.total]} className="doc-total" />
          {view.vatNote && <div>{view.vatNote}</div>}
          <Rows rows={view.vatBreakdown} />
          <Rows rows={view.payments} />
          {view.change && <Rows rows={[view.change]} />}
        </div>
      </section>
      <Signatures view={view} className="doc-a4-signatures" />
      {view.footer.length > 0 && (
        <footer className="doc-center">
          {view.footer.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </footer>
      )}
      <ReceiptQr view={view} />
    </article>
  );
}
