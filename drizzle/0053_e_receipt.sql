CREATE TABLE "sale_receipt_link" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_receipt_link_setting" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"qr_on_slip" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_receipt_link" ADD CONSTRAINT "sale_receipt_link_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_receipt_link" ADD CONSTRAINT "sale_receipt_link_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_receipt_link_setting" ADD CONSTRAINT "sale_receipt_link_setting_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_receipt_link_token" ON "sale_receipt_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sale_receipt_link_sale" ON "sale_receipt_link" USING btree ("shop_id","sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_receipt_link_setting_shop" ON "sale_receipt_link_setting" USING btree ("shop_id");