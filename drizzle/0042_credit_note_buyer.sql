CREATE TABLE "credit_note_buyer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"credit_note_id" bigint NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_tax_id" text NOT NULL,
	"buyer_branch_code" text DEFAULT '00000' NOT NULL,
	CONSTRAINT "credit_note_buyer_tax_id" CHECK ("credit_note_buyer"."buyer_tax_id" ~ '^[0-9]{13}$'),
	CONSTRAINT "credit_note_buyer_branch" CHECK ("credit_note_buyer"."buyer_branch_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "credit_note_buyer" ADD CONSTRAINT "credit_note_buyer_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_buyer" ADD CONSTRAINT "credit_note_buyer_credit_note_id_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_buyer_note" ON "credit_note_buyer" USING btree ("credit_note_id");--> statement-breakpoint
-- The credit note's journal entry names the buyer asked on the return of a slip (decision 0084).
CREATE OR REPLACE FUNCTION public.journal_credit_note_issued()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
                 WHERE c.credit_note_id = NEW.id), '[]'::jsonb))
    -- The buyer asked on the return of a slip (decision 0084): named as printed.
    || coalesce((SELECT jsonb_build_object('buyer', jsonb_build_object('name', b.buyer_name,
                  'address', b.buyer_address, 'taxId', b.buyer_tax_id,
                  'branchCode', b.buyer_branch_code))
                  FROM credit_note_buyer b WHERE b.credit_note_id = NEW.id), '{}'::jsonb));
  RETURN NULL;
END;
$function$;
