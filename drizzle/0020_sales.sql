CREATE TABLE "credit_note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"document_year" integer NOT NULL,
	"document_seq" bigint NOT NULL,
	"document_number" text NOT NULL,
	"reason" text NOT NULL,
	"refund_method" text NOT NULL,
	"ex_vat_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	"stock_document_id" bigint,
	"issued_by" text NOT NULL,
	"original_printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_refund_known" CHECK ("credit_note"."refund_method" IN ('cash', 'promptpay', 'transfer', 'card')),
	CONSTRAINT "credit_note_total_positive" CHECK ("credit_note"."total_satang" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"credit_note_id" bigint NOT NULL,
	"sale_line_id" bigint NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"ex_vat_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	CONSTRAINT "credit_note_line_qty_positive" CHECK ("credit_note_line"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "full_tax_invoice" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"document_year" integer NOT NULL,
	"document_seq" bigint NOT NULL,
	"document_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_tax_id" text NOT NULL,
	"buyer_branch_code" text DEFAULT '00000' NOT NULL,
	"issued_by" text NOT NULL,
	"original_printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "full_tax_invoice_tax_id" CHECK ("full_tax_invoice"."buyer_tax_id" ~ '^[0-9]{13}$'),
	CONSTRAINT "full_tax_invoice_branch" CHECK ("full_tax_invoice"."buyer_branch_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "sale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"client_sale_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_year" integer NOT NULL,
	"document_seq" bigint NOT NULL,
	"document_number" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"till" text DEFAULT '' NOT NULL,
	"cashier_id" text NOT NULL,
	"cashier_name" text NOT NULL,
	"stock_document_id" bigint,
	"vat_mode" text NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_method" text DEFAULT 'per_bill' NOT NULL,
	"gross_satang" bigint NOT NULL,
	"line_discount_satang" bigint NOT NULL,
	"bill_discount_kind" text,
	"bill_discount_value" bigint,
	"bill_discount_satang" bigint NOT NULL,
	"vat_base_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"non_vat_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	"tendered_satang" bigint NOT NULL,
	"change_satang" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"seller" jsonb NOT NULL,
	"original_printed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"void_reason" text,
	"void_stock_document_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_kind_known" CHECK ("sale"."document_kind" IN ('receipt', 'abbreviatedTaxInvoice')),
	CONSTRAINT "sale_status_known" CHECK ("sale"."status" IN ('completed', 'void')),
	CONSTRAINT "sale_vat_mode_known" CHECK ("sale"."vat_mode" IN ('inclusive', 'exclusive', 'none')),
	CONSTRAINT "sale_total_not_negative" CHECK ("sale"."total_satang" >= 0),
	CONSTRAINT "sale_change_not_negative" CHECK ("sale"."change_satang" >= 0),
	CONSTRAINT "sale_void_complete" CHECK (("sale"."status" = 'void') = ("sale"."voided_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sale_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"item_name" text NOT NULL,
	"sku" text NOT NULL,
	"unit" text NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"unit_price_satang" bigint NOT NULL,
	"label_amount_satang" bigint,
	"discount_kind" text,
	"discount_value" bigint,
	"gross_satang" bigint NOT NULL,
	"line_discount_satang" bigint NOT NULL,
	"bill_discount_satang" bigint NOT NULL,
	"net_satang" bigint NOT NULL,
	"vat_exempt" boolean DEFAULT false NOT NULL,
	"vat_satang" bigint NOT NULL,
	"ex_vat_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"unit_cost_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	"movement_id" bigint,
	"returned_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "sale_line_qty_positive" CHECK ("sale_line"."qty" > 0),
	CONSTRAINT "sale_line_returned_within" CHECK ("sale_line"."returned_qty" >= 0 AND "sale_line"."returned_qty" <= "sale_line"."qty")
);
--> statement-breakpoint
CREATE TABLE "sale_payment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"payment_no" integer NOT NULL,
	"method" text NOT NULL,
	"amount_satang" bigint NOT NULL,
	"tendered_satang" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"card_last4" text,
	"approval_code" text,
	CONSTRAINT "sale_payment_method_known" CHECK ("sale_payment"."method" IN ('cash', 'promptpay', 'transfer', 'card')),
	CONSTRAINT "sale_payment_amount_not_negative" CHECK ("sale_payment"."amount_satang" >= 0),
	CONSTRAINT "sale_payment_card_last4" CHECK ("sale_payment"."card_last4" IS NULL OR "sale_payment"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "shop_sales_setting" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"vat_registered" boolean DEFAULT false NOT NULL,
	"prices_include_vat" boolean DEFAULT true NOT NULL,
	"vat_rate_bp" integer DEFAULT 700 NOT NULL,
	"branch_code" text DEFAULT '00000' NOT NULL,
	"pos_registration_no" text DEFAULT '' NOT NULL,
	"promptpay_id" text,
	"receipt_header" text DEFAULT '' NOT NULL,
	"receipt_footer" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"paper_width" text DEFAULT '80' NOT NULL,
	"receipt_prefix" text DEFAULT 'RC' NOT NULL,
	"abbreviated_prefix" text DEFAULT 'ABB' NOT NULL,
	"full_invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"scale_label_layout" jsonb,
	"cashier_may_void_own" boolean DEFAULT false NOT NULL,
	"require_open_shift" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_sales_setting_branch" CHECK ("shop_sales_setting"."branch_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "shop_sales_setting_vat_rate" CHECK ("shop_sales_setting"."vat_rate_bp" BETWEEN 0 AND 10000),
	CONSTRAINT "shop_sales_setting_paper" CHECK ("shop_sales_setting"."paper_width" IN ('58', '80'))
);
--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_stock_document_id_stock_document_id_fk" FOREIGN KEY ("stock_document_id") REFERENCES "public"."stock_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_credit_note_id_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_sale_line_id_sale_line_id_fk" FOREIGN KEY ("sale_line_id") REFERENCES "public"."sale_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_tax_invoice" ADD CONSTRAINT "full_tax_invoice_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_tax_invoice" ADD CONSTRAINT "full_tax_invoice_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_stock_document_id_stock_document_id_fk" FOREIGN KEY ("stock_document_id") REFERENCES "public"."stock_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line" ADD CONSTRAINT "sale_line_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line" ADD CONSTRAINT "sale_line_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line" ADD CONSTRAINT "sale_line_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line" ADD CONSTRAINT "sale_line_movement_id_stock_movement_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payment" ADD CONSTRAINT "sale_payment_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payment" ADD CONSTRAINT "sale_payment_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sales_setting" ADD CONSTRAINT "shop_sales_setting_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_shop_number" ON "credit_note" USING btree ("shop_id","document_year","document_seq");--> statement-breakpoint
CREATE INDEX "credit_note_shop_created" ON "credit_note" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_note_sale" ON "credit_note" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "credit_note_line_note" ON "credit_note_line" USING btree ("credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "full_tax_invoice_sale" ON "full_tax_invoice" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "full_tax_invoice_shop_number" ON "full_tax_invoice" USING btree ("shop_id","document_year","document_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_shop_client_id" ON "sale" USING btree ("shop_id","client_sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_shop_number" ON "sale" USING btree ("shop_id","document_kind","document_year","document_seq");--> statement-breakpoint
CREATE INDEX "sale_shop_created" ON "sale" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_line_sale_line" ON "sale_line" USING btree ("sale_id","line_no");--> statement-breakpoint
CREATE INDEX "sale_line_shop_item" ON "sale_line" USING btree ("shop_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_payment_sale_no" ON "sale_payment" USING btree ("sale_id","payment_no");