ALTER TABLE "expense" ADD COLUMN "supplier_tax_id" text;--> statement-breakpoint
ALTER TABLE "expense" ADD COLUMN "supplier_branch" text;--> statement-breakpoint
ALTER TABLE "expense" ADD COLUMN "tax_invoice_number" text;--> statement-breakpoint
ALTER TABLE "expense" ADD COLUMN "tax_invoice_date" date;--> statement-breakpoint
ALTER TABLE "expense" ADD COLUMN "value_before_vat_satang" bigint;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_tax_invoice_whole" CHECK (num_nulls("expense"."supplier_tax_id", "expense"."supplier_branch", "expense"."tax_invoice_number", "expense"."tax_invoice_date", "expense"."value_before_vat_satang") IN (0, 5));--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_tax_invoice_fields" CHECK (("expense"."supplier_tax_id" IS NULL OR "expense"."supplier_tax_id" ~ '^[0-9]{13}$') AND ("expense"."supplier_branch" IS NULL OR "expense"."supplier_branch" ~ '^[0-9]{5}$') AND ("expense"."value_before_vat_satang" IS NULL OR ("expense"."value_before_vat_satang" > 0 AND "expense"."value_before_vat_satang" + "expense"."input_vat_satang" <= "expense"."amount_satang")));