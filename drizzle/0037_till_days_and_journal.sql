CREATE TABLE "journal_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"till_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"document_id" bigint NOT NULL,
	"document_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "journal_entry_kind" CHECK ("journal_entry"."kind" IN ('sale', 'fullTaxInvoice', 'creditNote', 'void', 'zReport'))
);
--> statement-breakpoint
CREATE TABLE "journal_till" (
	"till_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"began_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "z_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"till_id" uuid NOT NULL,
	"till_code" text NOT NULL,
	"business_date" date NOT NULL,
	"seq" integer NOT NULL,
	"document_number" text NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" text,
	"closed_by_name" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"documents" integer NOT NULL,
	"gross_satang" bigint NOT NULL,
	"discount_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"net_satang" bigint NOT NULL,
	"grand_total_satang" bigint NOT NULL,
	"journal_hash" text NOT NULL,
	"report" jsonb NOT NULL,
	CONSTRAINT "z_report_seq_positive" CHECK ("z_report"."seq" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entry_till_seq" ON "journal_entry" USING btree ("till_id","seq");--> statement-breakpoint
CREATE INDEX "journal_entry_till_issued" ON "journal_entry" USING btree ("till_id","issued_at");--> statement-breakpoint
CREATE INDEX "journal_entry_document" ON "journal_entry" USING btree ("kind","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "z_report_till_day" ON "z_report" USING btree ("till_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "z_report_till_seq" ON "z_report" USING btree ("till_id","seq");--> statement-breakpoint
CREATE INDEX "z_report_shop_day" ON "z_report" USING btree ("shop_id","business_date");--> statement-breakpoint
-- Issue 35 (decision 0072): the till's day closings (Z reports) and its electronic journal.
-- Everything below is hand-written; the statements above are drizzle-kit's.

-- The till a document belongs to: the registered till that numbered it, else the shop's first
-- till P01, which continues the shop's series (decision 0071). A shop without one gets it here
-- as the shop trigger would have given it.
CREATE FUNCTION till_of_document(p_shop uuid, p_till uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  found_till uuid;
BEGIN
  IF p_till IS NOT NULL THEN
    RETURN p_till;
  END IF;
  SELECT t.id INTO found_till FROM till t WHERE t.shop_id = p_shop AND t.code = 'P01';
  IF NOT FOUND THEN
    INSERT INTO till (shop_id, code, name) VALUES (p_shop, 'P01', 'เครื่อง 1')
    ON CONFLICT DO NOTHING;
    SELECT t.id INTO found_till FROM till t WHERE t.shop_id = p_shop AND t.code = 'P01';
  END IF;
  RETURN found_till;
END;
$$;
--> statement-breakpoint
-- The text an entry's hash is taken of: the entry's place, the document's identity and time,
-- the previous entry's hash and the document as printed (jsonb's own text, which is the same
-- for the same value). `npm run journal:verify` builds the same text and hashes it again.
CREATE FUNCTION journal_hash_text(p_till uuid, p_seq bigint, p_kind text, p_document bigint,
  p_number text, p_issued timestamptz, p_prev text, p_body jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_till::text || '|' || p_seq::text || '|' || p_kind || '|' || p_document::text || '|' ||
         p_number || '|' || ((extract(epoch FROM p_issued) * 1000000)::bigint)::text || '|' ||
         p_prev || '|' || p_body::text
$$;
--> statement-breakpoint
-- Appends one entry to a till's journal, chained to the one before it (SHA-256, PostgreSQL's
-- own sha256()). The till's head row is locked: entries of one till are chained in turn.
CREATE FUNCTION journal_append(p_shop uuid, p_till uuid, p_kind text, p_document bigint,
  p_number text, p_issued timestamptz, p_body jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  next_hash text;
BEGIN
  INSERT INTO journal_till (till_id, shop_id, last_hash)
  VALUES (p_till, p_shop, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT j.last_seq, j.last_hash INTO head_seq, head_hash FROM journal_till j
   WHERE j.till_id = p_till FOR UPDATE;
  next_hash := encode(sha256(convert_to(journal_hash_text(p_till, head_seq + 1, p_kind,
    p_document, p_number, p_issued, head_hash, p_body), 'UTF8')), 'hex');
  INSERT INTO journal_entry (shop_id, till_id, seq, kind, document_id, document_number,
    issued_at, body, prev_hash, hash)
  VALUES (p_shop, p_till, head_seq + 1, p_kind, p_document, p_number, p_issued, p_body,
    head_hash, next_hash);
  UPDATE journal_till SET last_seq = head_seq + 1, last_hash = next_hash WHERE till_id = p_till;
END;
$$;
--> statement-breakpoint
-- A sale as printed: its row as it was issued (without its cost and internal links), its lines
-- and payments, and the till's code and POS number. Deferred to the end of the sale's own
-- transaction, when its lines and payments are written.
CREATE FUNCTION journal_sale_issued() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  doc_till uuid := till_of_document(NEW.shop_id, NEW.till_id);
BEGIN
  PERFORM journal_append(NEW.shop_id, doc_till,
    'sale', NEW.id, NEW.document_number, NEW.created_at,
    jsonb_build_object(
      'document', to_jsonb(NEW) - ARRAY['cost_satang', 'stock_document_id', 'original_printed_at',
        'status', 'voided_at', 'voided_by', 'void_reason', 'void_stock_document_id'],
      'till', (SELECT jsonb_build_object('code', t.code, 'name', t.name, 'posNumber', t.pos_number)
                 FROM till t WHERE t.id = doc_till),
      'lines', coalesce((SELECT jsonb_agg(to_jsonb(l) - ARRAY['id', 'shop_id', 'sale_id',
                  'unit_cost_satang', 'cost_satang', 'movement_id', 'returned_qty']
                  ORDER BY l.line_no) FROM sale_line l WHERE l.sale_id = NEW.id), '[]'::jsonb),
      'payments', coalesce((SELECT jsonb_agg(to_jsonb(p) - ARRAY['id', 'shop_id', 'sale_id']
                  ORDER BY p.payment_no) FROM sale_payment p WHERE p.sale_id = NEW.id),
                  '[]'::jsonb)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sale_journal AFTER INSERT ON sale
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_sale_issued();
--> statement-breakpoint
-- A void: which document, why, by whom and when, and what it took back.
CREATE FUNCTION journal_sale_voided() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_append(NEW.shop_id, till_of_document(NEW.shop_id, NEW.till_id),
    'void', NEW.id, NEW.document_number, NEW.voided_at,
    jsonb_build_object('documentNumber', NEW.document_number, 'documentKind', NEW.document_kind,
      'soldAt', NEW.created_at, 'voidedAt', NEW.voided_at, 'voidedBy', NEW.voided_by,
      'reason', NEW.void_reason, 'totalSatang', NEW.total_satang, 'vatSatang', NEW.vat_satang));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sale_void_journal AFTER UPDATE OF status ON sale
  FOR EACH ROW WHEN (OLD.status <> 'void' AND NEW.status = 'void')
  EXECUTE FUNCTION journal_sale_voided();
--> statement-breakpoint
-- A full tax invoice: its row, the buyer, the slip it replaces and the sale's lines and totals.
CREATE FUNCTION journal_full_invoice_issued() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s sale%ROWTYPE;
BEGIN
  SELECT * INTO s FROM sale WHERE id = NEW.sale_id;
  PERFORM journal_append(NEW.shop_id, till_of_document(NEW.shop_id, s.till_id),
    'fullTaxInvoice', NEW.id, NEW.document_number, NEW.created_at,
    jsonb_build_object(
      'document', to_jsonb(NEW) - ARRAY['shop_id', 'original_printed_at'],
      'replaces', jsonb_build_object('documentNumber', s.document_number, 'soldAt', s.created_at),
      'seller', s.seller,
      'totals', jsonb_build_object('gross', s.gross_satang,
        'discount', s.line_discount_satang + s.bill_discount_satang,
        'vatBase', s.vat_base_satang, 'vat', s.vat_satang, 'nonVat', s.non_vat_satang,
        'total', s.total_satang, 'vatMode', s.vat_mode, 'vatRateBp', s.vat_rate_bp),
      'lines', coalesce((SELECT jsonb_agg(to_jsonb(l) - ARRAY['id', 'shop_id', 'sale_id',
                  'unit_cost_satang', 'cost_satang', 'movement_id', 'returned_qty']
                  ORDER BY l.line_no) FROM sale_line l WHERE l.sale_id = s.id), '[]'::jsonb)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER full_tax_invoice_journal AFTER INSERT ON full_tax_invoice
  FOR EACH ROW EXECUTE FUNCTION journal_full_invoice_issued();
--> statement-breakpoint
-- A credit note: its row, the original document's number and date, its lines (deferred: they
-- are written after the note in the same transaction).
CREATE FUNCTION journal_credit_note_issued() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s sale%ROWTYPE;
BEGIN
  SELECT * INTO s FROM sale WHERE id = NEW.sale_id;
  PERFORM journal_append(NEW.shop_id, till_of_document(NEW.shop_id, s.till_id),
    'creditNote', NEW.id, NEW.document_number, NEW.created_at,
    jsonb_build_object(
      'document', to_jsonb(NEW) - ARRAY['shop_id', 'cost_satang', 'stock_document_id',
        'original_printed_at'],
      'original', jsonb_build_object('documentNumber', s.document_number, 'soldAt', s.created_at,
        'totalSatang', s.total_satang, 'vatSatang', s.vat_satang),
      'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('saleLineId', c.sale_line_id,
                  'item', l.item_name, 'sku', l.sku, 'unit', l.unit, 'qty', c.qty,
                  'exVatSatang', c.ex_vat_satang, 'vatSatang', c.vat_satang,
                  'totalSatang', c.total_satang) ORDER BY c.id)
                  FROM credit_note_line c JOIN sale_line l ON l.id = c.sale_line_id
                 WHERE c.credit_note_id = NEW.id), '[]'::jsonb)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER credit_note_journal AFTER INSERT ON credit_note
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_credit_note_issued();
--> statement-breakpoint
-- A Z report: its read model as printed.
CREATE FUNCTION journal_z_report_issued() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_append(NEW.shop_id, NEW.till_id, 'zReport', NEW.id, NEW.document_number,
    NEW.closed_at, NEW.report);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER z_report_journal AFTER INSERT ON z_report
  FOR EACH ROW EXECUTE FUNCTION journal_z_report_issued();
--> statement-breakpoint
-- The journal and the Z reports are kept as issued: no UPDATE, DELETE or TRUNCATE, by anyone
-- the triggers run for (a superuser can disable a trigger; the hash chain then tells).
CREATE FUNCTION journal_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: what a till issued is kept as it was issued', TG_TABLE_NAME
    USING ERRCODE = 'JR001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entry_append_only BEFORE UPDATE OR DELETE ON journal_entry
  FOR EACH ROW EXECUTE FUNCTION journal_is_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entry_no_truncate BEFORE TRUNCATE ON journal_entry
  FOR EACH STATEMENT EXECUTE FUNCTION journal_is_append_only();
--> statement-breakpoint
CREATE TRIGGER z_report_append_only BEFORE UPDATE OR DELETE ON z_report
  FOR EACH ROW EXECUTE FUNCTION journal_is_append_only();
--> statement-breakpoint
CREATE TRIGGER z_report_no_truncate BEFORE TRUNCATE ON z_report
  FOR EACH STATEMENT EXECUTE FUNCTION journal_is_append_only();
--> statement-breakpoint
-- A closed day stays closed: no sale, void or credit note lands on a till's day that has its Z
-- (or on a day before its last Z). The till's shared lock is held until the document commits,
-- and a Z takes it exclusively before it reads the day: a document either is in the Z or is
-- refused (SQLSTATE ZR409).
CREATE FUNCTION till_day_is_open() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  doc_till uuid;
  doc_at timestamptz;
  closed date;
BEGIN
  IF TG_TABLE_NAME = 'credit_note' THEN
    SELECT till_of_document(NEW.shop_id, s.till_id) INTO doc_till FROM sale s
     WHERE s.id = NEW.sale_id;
    doc_at := NEW.created_at;
  ELSE
    doc_till := till_of_document(NEW.shop_id, NEW.till_id);
    -- A sale counts on the day it sold; so does its void (it takes the sale out of that day).
    doc_at := NEW.created_at;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('z_report:' || doc_till::text, 0));
  SELECT max(z.business_date) INTO closed FROM z_report z WHERE z.till_id = doc_till;
  IF closed IS NOT NULL AND closed >= (doc_at AT TIME ZONE 'Asia/Bangkok')::date THEN
    RAISE EXCEPTION 'the till''s day is closed by its Z report' USING ERRCODE = 'ZR409',
      DETAIL = json_build_object('day', (doc_at AT TIME ZONE 'Asia/Bangkok')::date,
                                 'closed', closed)::text;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sale_till_day_open BEFORE INSERT ON sale
  FOR EACH ROW EXECUTE FUNCTION till_day_is_open();
--> statement-breakpoint
CREATE TRIGGER sale_void_till_day_open BEFORE UPDATE OF status ON sale
  FOR EACH ROW WHEN (OLD.status <> 'void' AND NEW.status = 'void')
  EXECUTE FUNCTION till_day_is_open();
--> statement-breakpoint
CREATE TRIGGER credit_note_till_day_open BEFORE INSERT ON credit_note
  FOR EACH ROW EXECUTE FUNCTION till_day_is_open();
--> statement-breakpoint
-- Every till's journal begins now (documents issued before are in their own tables, not in a
-- journal that did not see them issued); a till registered later begins with its first entry.
INSERT INTO journal_till (till_id, shop_id, last_hash)
SELECT t.id, t.shop_id, repeat('0', 64) FROM till t ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION till_journal_begins() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO journal_till (till_id, shop_id, last_hash)
  VALUES (NEW.id, NEW.shop_id, repeat('0', 64)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER till_journal_begins AFTER INSERT ON till
  FOR EACH ROW EXECUTE FUNCTION till_journal_begins();
