CREATE TABLE "account_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"sale_id" bigint,
	"credit_note_id" bigint,
	"payment_id" bigint,
	"document_number" text NOT NULL,
	"amount_satang" bigint NOT NULL,
	"balance_after_satang" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_entry_kind" CHECK ("account_entry"."kind" IN ('sale', 'payment', 'void', 'return'))
);
--> statement-breakpoint
CREATE TABLE "account_payment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"document_year" integer NOT NULL,
	"document_seq" bigint NOT NULL,
	"document_number" text NOT NULL,
	"method" text NOT NULL,
	"amount_satang" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"shift_id" bigint,
	"received_by" text NOT NULL,
	"received_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payment_method" CHECK ("account_payment"."method" IN ('cash', 'transfer', 'promptpay')),
	CONSTRAINT "account_payment_amount" CHECK ("account_payment"."amount_satang" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"limit_satang" bigint,
	"balance_satang" bigint DEFAULT 0 NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_account_limit" CHECK ("customer_account"."limit_satang" IS NULL OR "customer_account"."limit_satang" BETWEEN 1 AND 100000000000)
);
--> statement-breakpoint
ALTER TABLE "credit_note" DROP CONSTRAINT "credit_note_refund_known";--> statement-breakpoint
ALTER TABLE "sale_flag" DROP CONSTRAINT "sale_flag_reason";--> statement-breakpoint
ALTER TABLE "sale_payment" DROP CONSTRAINT "sale_payment_method_known";--> statement-breakpoint
ALTER TABLE "account_entry" ADD CONSTRAINT "account_entry_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entry" ADD CONSTRAINT "account_entry_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entry" ADD CONSTRAINT "account_entry_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entry" ADD CONSTRAINT "account_entry_payment_id_account_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment" ADD CONSTRAINT "account_payment_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment" ADD CONSTRAINT "account_payment_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment" ADD CONSTRAINT "account_payment_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account" ADD CONSTRAINT "customer_account_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account" ADD CONSTRAINT "customer_account_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_entry_customer" ON "account_entry" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "account_entry_shop" ON "account_entry" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "account_entry_sale" ON "account_entry" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_payment_shop_number" ON "account_payment" USING btree ("shop_id","document_year","document_seq");--> statement-breakpoint
CREATE INDEX "account_payment_customer" ON "account_payment" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "account_payment_shop_created" ON "account_payment" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "account_payment_shift" ON "account_payment" USING btree ("shift_id") WHERE "account_payment"."shift_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_account_customer" ON "customer_account" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_account_shop" ON "customer_account" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_refund_known" CHECK ("credit_note"."refund_method" IN ('cash', 'promptpay', 'transfer', 'card', 'account'));--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_reason" CHECK ("sale_flag"."reason" IN ('priceChanged', 'itemArchived', 'negativeStock', 'vatChanged', 'pointsShort', 'accountOverLimit'));--> statement-breakpoint
ALTER TABLE "sale_payment" ADD CONSTRAINT "sale_payment_method_known" CHECK ("sale_payment"."method" IN ('cash', 'promptpay', 'transfer', 'card', 'account'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.account_sale(p_shop uuid, p_sale_id bigint, p_sale jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  owed bigint;
  cust uuid;
  acct customer_account%ROWTYPE;
  headroom bigint;
  sold sale%ROWTYPE;
BEGIN
  -- Selling on account (issue 37, decision 0083), in the sale's own transaction: what the bill
  -- put on account is charged to its customer, within the credit limit, the account row
  -- locked so that two tills selling on account at once queue.
  SELECT coalesce(sum((p->>'amount')::bigint), 0) INTO owed
    FROM jsonb_array_elements(p_sale->'payments') AS p
   WHERE p->>'method' = 'account';
  IF owed = 0 THEN
    RETURN;
  END IF;
  SELECT * INTO sold FROM sale s WHERE s.id = p_sale_id;
  SELECT sc.customer_id INTO cust FROM sale_customer sc
   WHERE sc.shop_id = p_shop AND sc.sale_id = p_sale_id AND sc.customer_id IS NOT NULL;
  IF cust IS NOT NULL THEN
    SELECT * INTO acct FROM customer_account a
     WHERE a.customer_id = cust AND a.shop_id = p_shop FOR UPDATE;
  END IF;
  headroom := greatest(coalesce(acct.limit_satang - acct.balance_satang, 0), 0);
  IF cust IS NULL OR acct.limit_satang IS NULL OR acct.balance_satang + owed > acct.limit_satang
  THEN
    -- Online, the sale is refused (completeSale answers in Thai). A registered till's queued
    -- sale happened already (decision 0071): it stands, charged, flagged for the owner.
    IF sold.till_id IS NULL THEN
      RAISE EXCEPTION 'the bill is past the customer''s credit limit' USING ERRCODE = 'SA402',
        DETAIL = json_build_object('headroom', headroom)::text;
    END IF;
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    VALUES (p_shop, p_sale_id, NULL, 'accountOverLimit',
      jsonb_build_object('owed', owed, 'headroom', headroom, 'known', cust IS NOT NULL));
    IF cust IS NULL THEN
      RETURN;
    END IF;
    IF acct.id IS NULL THEN
      INSERT INTO customer_account (shop_id, customer_id) VALUES (p_shop, cust)
      RETURNING * INTO acct;
    END IF;
  END IF;
  UPDATE customer_account SET balance_satang = balance_satang + owed
   WHERE id = acct.id;
  INSERT INTO account_entry (shop_id, customer_id, kind, sale_id, document_number,
    amount_satang, balance_after_satang, created_at)
  VALUES (p_shop, cust, 'sale', p_sale_id, sold.document_number, owed,
    acct.balance_satang + owed, sold.created_at);
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.account_undo(p_shop uuid, p_sale_id bigint, p_credit_note_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  cust uuid;
  charged bigint;
  back bigint;
  doc text;
  bal bigint;
BEGIN
  -- Selling on account (issue 37, decision 0083), in the void's or the credit note's own
  -- transaction: a void takes off the account what the sale still has on it; a credit note
  -- refunded on account takes its total off, never more than the sale still has on account
  -- (SQLSTATE SA409 otherwise). Answers what it took off.
  SELECT e.customer_id, coalesce(sum(e.amount_satang), 0) INTO cust, charged
    FROM account_entry e
   WHERE e.shop_id = p_shop AND e.sale_id = p_sale_id AND e.customer_id IS NOT NULL
   GROUP BY e.customer_id;
  IF p_credit_note_id IS NULL THEN
    back := coalesce(charged, 0);
    SELECT s.document_number INTO doc FROM sale s WHERE s.id = p_sale_id;
  ELSE
    SELECT cn.total_satang, cn.document_number INTO back, doc FROM credit_note cn
     WHERE cn.id = p_credit_note_id AND cn.shop_id = p_shop AND cn.refund_method = 'account';
    back := coalesce(back, 0);
    IF back > coalesce(charged, 0) THEN
      RAISE EXCEPTION 'more than the sale has on account' USING ERRCODE = 'SA409',
        DETAIL = json_build_object('onAccount', coalesce(charged, 0))::text;
    END IF;
  END IF;
  IF back <= 0 OR cust IS NULL THEN
    RETURN 0;
  END IF;
  UPDATE customer_account a SET balance_satang = a.balance_satang - back
   WHERE a.customer_id = cust AND a.shop_id = p_shop
  RETURNING a.balance_satang INTO bal;
  INSERT INTO account_entry (shop_id, customer_id, kind, sale_id, credit_note_id,
    document_number, amount_satang, balance_after_satang)
  VALUES (p_shop, cust, CASE WHEN p_credit_note_id IS NULL THEN 'void' ELSE 'return' END,
    p_sale_id, p_credit_note_id, doc, -back, bal);
  RETURN back;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sale_post(p_shop uuid, p_sale jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
  sold_till uuid := (p_sale->>'tillId')::uuid;
  sold_at timestamptz := coalesce((p_sale->>'soldAt')::timestamptz, now());
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

  IF sold_till IS NOT NULL THEN
    -- A registered till numbered the sale itself (decision 0071): only the next number of its
    -- series is taken (till_take_number refuses a gap, a repeat or a year going back).
    be_year := (p_sale->>'tillYear')::integer;
    seq := (p_sale->>'tillSeq')::bigint;
    PERFORM till_take_number(p_shop, sold_till, kind, be_year, seq);
    doc_number := p_sale->>'documentNumber';
  ELSE
    -- Thailand keeps UTC+7 all year; the same rule as buddhistYear() in document-number.ts.
    be_year := extract(year FROM (now() AT TIME ZONE 'UTC') + interval '7 hours')::integer + 543;
    seq := next_document_number(p_shop, kind, be_year);
    -- As saleDocumentNumber() formats it: "ABB2569-000123", longer past 999,999.
    doc_number := (p_sale->>'prefix') || be_year::text || '-' ||
                  CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END;
  END IF;

  -- Recipes (decision 0087): sale_recipe_ledger_lines moves a recipe's components instead.
  posted := stock_post_movements(p_shop, 'sale', doc_number, '', p_sale->>'cashierId',
    sale_recipe_ledger_lines(p_shop,
      (SELECT jsonb_agg(jsonb_build_object('line', l.ordinality, 'item', l.value->'item',
                        'location', location_id, 'qty', l.value->'ledgerQty',
                        'happened', sold_till IS NOT NULL)
                      ORDER BY l.ordinality)
       FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l)));

  SELECT coalesce(-sum((m->>'value')::bigint), 0) INTO total_cost
    FROM jsonb_array_elements(posted->'movements') AS m;

  INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
    document_number, till, cashier_id, cashier_name, stock_document_id, vat_mode, vat_rate_bp,
    vat_method, gross_satang, line_discount_satang, bill_discount_kind, bill_discount_value,
    bill_discount_satang, vat_base_satang, vat_satang, non_vat_satang, total_satang,
    cost_satang, tendered_satang, change_satang, note, seller, shift_id, till_id, created_at,
    device_sold_at)
  VALUES (p_shop, client_id, kind, be_year, seq, doc_number, coalesce(p_sale->>'till', ''),
    p_sale->>'cashierId', p_sale->>'cashierName', (posted->>'id')::bigint,
    p_sale->>'vatMode', (p_sale->>'vatRate')::integer, 'per_bill',
    (p_sale->>'gross')::bigint, (p_sale->>'lineDiscount')::bigint,
    p_sale->>'billDiscountKind', (p_sale->>'billDiscountValue')::bigint,
    (p_sale->>'billDiscount')::bigint, (p_sale->>'vatBase')::bigint, (p_sale->>'vat')::bigint,
    (p_sale->>'nonVat')::bigint, (p_sale->>'total')::bigint, total_cost,
    (p_sale->>'tendered')::bigint, (p_sale->>'change')::bigint,
    coalesce(p_sale->>'note', ''), p_sale->'seller', open_shift, sold_till, sold_at,
    (p_sale->>'deviceSoldAt')::timestamptz)
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
    JOIN jsonb_array_elements(sale_recipe_line_costs(p_sale->'lines', posted->'movements')) AS m
      ON (m->>'line')::bigint = l.ordinality;

  -- Recipes (decision 0087): which component movements each recipe line made.
  PERFORM sale_post_recipes(p_shop, sale_id, p_sale->'lines', posted->'movements');

  INSERT INTO sale_payment (shop_id, sale_id, payment_no, method, amount_satang,
    tendered_satang, reference, card_last4, approval_code)
  SELECT p_shop, sale_id, p.ordinality, p.value->>'method', (p.value->>'amount')::bigint,
         (p.value->>'tendered')::bigint, coalesce(p.value->>'reference', ''),
         p.value->>'cardLast4', p.value->>'approvalCode'
    FROM jsonb_array_elements(p_sale->'payments') WITH ORDINALITY AS p;

  -- What a registered till's sale brought that the shop had changed meanwhile (completeSale
  -- names prices and archived items), and stock it took below zero where the shop does not
  -- allow it: kept with the sale for the owner (decision 0071).
  INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
  SELECT p_shop, sale_id, (f->>'line')::integer, f->>'reason', coalesce(f->'detail', '{}')
    FROM jsonb_array_elements(coalesce(p_sale->'flags', '[]'::jsonb)) AS f;
  IF sold_till IS NOT NULL AND NOT (SELECT allow_negative_stock FROM shop WHERE id = p_shop) THEN
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    SELECT p_shop, sale_id, (m->>'line')::integer, 'negativeStock',
           jsonb_build_object('item', (m->>'item')::bigint,
                              'balance', (m->>'locationQtyAfter')::numeric)
      FROM jsonb_array_elements(posted->'movements') AS m
     WHERE (m->>'locationQtyAfter')::numeric < 0;
  END IF;

  -- The customer the bill is for (issue 37, decision 0082), by phone number: linked with the
  -- name it is sold under when the shop has a customer of that number (a till offline may
  -- have attached a number the shop does not know; the sale stands either way).
  IF p_sale->>'customerPhone' IS NOT NULL THEN
    INSERT INTO sale_customer (shop_id, sale_id, customer_id, customer_name)
    SELECT p_shop, sale_id, c.id, c.name
      FROM customer c
     WHERE c.shop_id = p_shop AND c.phone = p_sale->>'customerPhone';
  END IF;

  -- Points (issue 37, decision 0082): the redemption and the points earned, in this transaction.
  IF p_sale->>'customerPhone' IS NOT NULL OR p_sale->>'redeemPoints' IS NOT NULL THEN
    PERFORM points_sale(p_shop, sale_id, p_sale);
  END IF;

  -- Price levels (issue 37, decision 0089): the level the sale was sold at.
  IF p_sale->>'priceLevelId' IS NOT NULL THEN
    PERFORM sale_post_price_level(p_shop, sale_id, p_sale);
  END IF;

  -- Selling on account (issue 37, decision 0083): charged to the customer within the limit.
  IF p_sale->'payments' @> '[{"method": "account"}]' THEN
    PERFORM account_sale(p_shop, sale_id, p_sale);
  END IF;

  RETURN jsonb_build_object('id', sale_id, 'documentKind', kind, 'documentNumber', doc_number,
    'totalSatang', (p_sale->>'total')::bigint, 'changeSatang', (p_sale->>'change')::bigint);
END;
$function$;
