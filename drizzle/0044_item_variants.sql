CREATE TABLE "stock_item_variant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"group_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"option_values" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_variant_group" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"option_names" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_variant_group_option_count" CHECK (cardinality("stock_variant_group"."option_names") BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "stock_item_variant" ADD CONSTRAINT "stock_item_variant_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item_variant" ADD CONSTRAINT "stock_item_variant_group_id_stock_variant_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."stock_variant_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item_variant" ADD CONSTRAINT "stock_item_variant_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_variant_group" ADD CONSTRAINT "stock_variant_group_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_item_variant_item" ON "stock_item_variant" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_item_variant_values" ON "stock_item_variant" USING btree ("group_id","option_values");--> statement-breakpoint
CREATE INDEX "stock_item_variant_shop_group" ON "stock_item_variant" USING btree ("shop_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_variant_group_shop_name" ON "stock_variant_group" USING btree ("shop_id","name");