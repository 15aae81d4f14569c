CREATE TABLE "shift_member" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"shift_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_note" ADD COLUMN "shift_id" bigint;--> statement-breakpoint
ALTER TABLE "shift_member" ADD CONSTRAINT "shift_member_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_member" ADD CONSTRAINT "shift_member_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_member_shift_user" ON "shift_member" USING btree ("shift_id","user_id");--> statement-breakpoint
CREATE INDEX "shift_member_shop_user" ON "shift_member" USING btree ("shop_id","user_id");--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_shift" ON "credit_note" USING btree ("shift_id") WHERE "credit_note"."shift_id" IS NOT NULL;--> statement-breakpoint
-- Issue 31 (decision 0058): what stands, the drawer a refund came from, and who sells into a
-- shift. Everything below is hand-written; the statements above are drizzle-kit's.

-- Every shift's opener is its first member: the server books a sale into a till's open shift
-- only for its members.
INSERT INTO shift_member (shop_id, shift_id, user_id, user_name, added_by, added_at)
SELECT shop_id, id, opened_by, opened_by_name, opened_by, opened_at FROM shift
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The till's page reads the open shifts with their members through the notified cache
-- (drizzle/0028): a member added or taken off announces the shop's shifts as changed.
CREATE TRIGGER shift_member_changed
  AFTER INSERT OR UPDATE OR DELETE ON shift_member
  FOR EACH ROW EXECUTE FUNCTION shop_data_changed('shifts');
--> statement-breakpoint
CREATE TRIGGER shift_member_truncated
  AFTER TRUNCATE ON shift_member
  FOR EACH STATEMENT EXECUTE FUNCTION shop_data_truncated();
--> statement-breakpoint
-- A credit note's drawer, as the shift report counted it before: the shift of the sale's till
-- open when the note was issued.
UPDATE credit_note cn SET shift_id = sh.id
  FROM sale s, shift sh
 WHERE s.id = cn.sale_id AND sh.shop_id = cn.shop_id AND sh.till = s.till
   AND cn.created_at >= sh.opened_at
   AND (sh.closed_at IS NULL OR cn.created_at <= sh.closed_at);
--> statement-breakpoint
-- What stands: a sale not voided, and a credit note whose sale was not voided. Since this
-- migration a sale with a credit note cannot be voided (voidSale refuses it); a sale voided
-- before it, after a return, undid what was still outstanding, so its credit notes count
-- nowhere either (the sale's money and the notes' money cancel out). Every figure of the shop
-- (the drawer, the shift report, the dashboard, the P&L and its VAT, the takings beside the
-- income, the CSVs) reads its sales and returns through these views.
CREATE VIEW standing_credit_note AS
SELECT cn.id, cn.shop_id, cn.sale_id, cn.document_number, cn.refund_method, cn.ex_vat_satang,
       cn.vat_satang, cn.total_satang, cn.cost_satang, cn.shift_id, cn.issued_by, cn.created_at
  FROM credit_note cn
  JOIN sale s ON s.id = cn.sale_id
 WHERE s.status <> 'void';
--> statement-breakpoint
-- The sales book: each standing sale (positive) and each standing credit note (negative), in
-- satang, at the moment it was issued.
CREATE VIEW sales_book AS
SELECT s.shop_id, s.created_at AS at, s.id AS sale_id, NULL::bigint AS credit_note_id,
       s.shift_id, s.cashier_id, 1 AS bills, s.gross_satang,
       s.line_discount_satang + s.bill_discount_satang AS discount_satang,
       s.total_satang, s.vat_satang, s.total_satang - s.vat_satang AS ex_vat_satang,
       s.cost_satang
  FROM sale s
 WHERE s.status <> 'void'
UNION ALL
SELECT cn.shop_id, cn.created_at, cn.sale_id, cn.id, cn.shift_id, cn.issued_by, 0, 0, 0,
       -cn.total_satang, -cn.vat_satang, -cn.ex_vat_satang, -cn.cost_satang
  FROM standing_credit_note cn;
--> statement-breakpoint
-- What each payment method took in for standing sales (positive) and paid back on standing
-- credit notes (negative), with the shift whose drawer it went into or came out of.
CREATE VIEW sales_tender AS
SELECT p.shop_id, s.shift_id, s.created_at AS at, p.method, p.amount_satang,
       s.id AS sale_id, NULL::bigint AS credit_note_id
  FROM sale_payment p
  JOIN sale s ON s.id = p.sale_id
 WHERE s.status <> 'void'
UNION ALL
SELECT cn.shop_id, cn.shift_id, cn.created_at, cn.refund_method, -cn.total_satang,
       cn.sale_id, cn.id
  FROM standing_credit_note cn;
--> statement-breakpoint
-- sale_post as drizzle/0024 wrote it, but for the shift: the application names the open shift
-- of the till only when the cashier is one of its members, and it is checked again here under
-- the lock (a member removed a moment ago sells into no shift, or is refused when the shop
-- requires one).
CREATE OR REPLACE FUNCTION sale_post(p_shop uuid, p_sale jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  client_id uuid := (p_sale->>'clientSaleId')::uuid;
  kind text := p_sale->>'kind';
  earlier bigint;
  location_id bigint;
  be_year integer;
  seq bigint;
  doc_number text;
  posted jsonb;
  sale_id bigint;
  total_cost bigint;
  open_shift bigint;
BEGIN
  SELECT id INTO earlier FROM sale WHERE shop_id = p_shop AND client_sale_id = client_id;
  IF FOUND THEN
    RAISE EXCEPTION 'this sale id was used before' USING ERRCODE = 'SL409',
      DETAIL = json_build_object('sale', earlier)::text;
  END IF;

  IF p_sale->>'shiftId' IS NOT NULL THEN
    SELECT s.id INTO open_shift FROM shift s
     WHERE s.id = (p_sale->>'shiftId')::bigint AND s.shop_id = p_shop AND s.status = 'open'
       AND EXISTS (SELECT 1 FROM shift_member m
                    WHERE m.shift_id = s.id AND m.user_id = p_sale->>'cashierId')
       FOR SHARE OF s;
  END IF;
  IF open_shift IS NULL AND coalesce((p_sale->>'shiftRequired')::boolean, false) THEN
    RAISE EXCEPTION 'the till has no open shift' USING ERRCODE = 'SL412', DETAIL = '{}';
  END IF;

  SELECT id INTO location_id FROM stock_location WHERE shop_id = p_shop AND is_default;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the shop has no default location to sell from' USING ERRCODE = 'SL404',
      DETAIL = '{}';
  END IF;

  -- Thailand keeps UTC+7 all year; the same rule as buddhistYear() in document-number.ts.
  be_year := extract(year FROM (now() AT TIME ZONE 'UTC') + interval '7 hours')::integer + 543;
  seq := next_document_number(p_shop, kind, be_year);
  -- As saleDocumentNumber() formats it: "ABB2569-000123", longer past 999,999.
  doc_number := (p_sale->>'prefix') || be_year::text || '-' ||
                CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END;

  posted := stock_post_movements(p_shop, 'sale', doc_number, '', p_sale->>'cashierId',
    (SELECT jsonb_agg(jsonb_build_object('line', l.ordinality, 'item', l.value->'item',
                        'location', location_id, 'qty', l.value->'ledgerQty')
                      ORDER BY l.ordinality)
       FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l));

  SELECT coalesce(-sum((m->>'value')::bigint), 0) INTO total_cost
    FROM jsonb_array_elements(posted->'movements') AS m;

  INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
    document_number, till, cashier_id, cashier_name, stock_document_id, vat_mode, vat_rate_bp,
    vat_method, gross_satang, line_discount_satang, bill_discount_kind, bill_discount_value,
    bill_discount_satang, vat_base_satang, vat_satang, non_vat_satang, total_satang,
    cost_satang, tendered_satang, change_satang, note, seller, shift_id)
  VALUES (p_shop, client_id, kind, be_year, seq, doc_number, coalesce(p_sale->>'till', ''),
    p_sale->>'cashierId', p_sale->>'cashierName', (posted->>'id')::bigint,
    p_sale->>'vatMode', (p_sale->>'vatRate')::integer, 'per_bill',
    (p_sale->>'gross')::bigint, (p_sale->>'lineDiscount')::bigint,
    p_sale->>'billDiscountKind', (p_sale->>'billDiscountValue')::bigint,
    (p_sale->>'billDiscount')::bigint, (p_sale->>'vatBase')::bigint, (p_sale->>'vat')::bigint,
    (p_sale->>'nonVat')::bigint, (p_sale->>'total')::bigint, total_cost,
    (p_sale->>'tendered')::bigint, (p_sale->>'change')::bigint,
    coalesce(p_sale->>'note', ''), p_sale->'seller', open_shift)
  RETURNING id INTO sale_id;

  INSERT INTO sale_line (shop_id, sale_id, line_no, item_id, item_name, sku, unit, qty,
    unit_price_satang, label_amount_satang, discount_kind, discount_value, gross_satang,
    line_discount_satang, bill_discount_satang, net_satang, vat_exempt, vat_satang,
    ex_vat_satang, total_satang, unit_cost_satang, cost_satang, movement_id)
  SELECT p_shop, sale_id, l.ordinality, (l.value->>'item')::bigint, l.value->>'name',
         l.value->>'sku', l.value->>'unit', (l.value->>'qtyMilli')::numeric / 1000,
         (l.value->>'unitPrice')::bigint, (l.value->>'labelAmount')::bigint,
         l.value->>'discountKind', (l.value->>'discountValue')::bigint,
         (l.value->>'gross')::bigint, (l.value->>'lineDiscount')::bigint,
         (l.value->>'billDiscount')::bigint, (l.value->>'net')::bigint,
         coalesce((l.value->>'vatExempt')::boolean, false), (l.value->>'vat')::bigint,
         (l.value->>'exVat')::bigint, (l.value->>'total')::bigint,
         (m->>'unitCost')::bigint, -(m->>'value')::bigint, (m->>'id')::bigint
    FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l
    JOIN jsonb_array_elements(posted->'movements') AS m
      ON (m->>'line')::bigint = l.ordinality;

  INSERT INTO sale_payment (shop_id, sale_id, payment_no, method, amount_satang,
    tendered_satang, reference, card_last4, approval_code)
  SELECT p_shop, sale_id, p.ordinality, p.value->>'method', (p.value->>'amount')::bigint,
         (p.value->>'tendered')::bigint, coalesce(p.value->>'reference', ''),
         p.value->>'cardLast4', p.value->>'approvalCode'
    FROM jsonb_array_elements(p_sale->'payments') WITH ORDINALITY AS p;

  RETURN jsonb_build_object('id', sale_id, 'documentKind', kind, 'documentNumber', doc_number,
    'totalSatang', (p_sale->>'total')::bigint, 'changeSatang', (p_sale->>'change')::bigint);
END;
$$;
