CREATE TABLE "customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"line_id" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"branch_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_phone_e164" CHECK ("customer"."phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "customer_tax_id_shape" CHECK ("customer"."tax_id" ~ '^([0-9]{13})?$'),
	CONSTRAINT "customer_branch_with_tax_id" CHECK (("customer"."tax_id" = '' AND "customer"."branch_code" = '') OR ("customer"."tax_id" <> '' AND "customer"."branch_code" ~ '^[0-9]{5}$'))
);
--> statement-breakpoint
CREATE TABLE "sale_customer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_customer" ADD CONSTRAINT "sale_customer_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_customer" ADD CONSTRAINT "sale_customer_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_customer" ADD CONSTRAINT "sale_customer_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_shop_phone" ON "customer" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE INDEX "customer_shop_name" ON "customer" USING btree ("shop_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_customer_sale" ON "sale_customer" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_customer_customer" ON "sale_customer" USING btree ("customer_id");