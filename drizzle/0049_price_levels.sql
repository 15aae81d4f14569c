CREATE TABLE "item_level_price" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"price_level_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"min_qty_milli" bigint DEFAULT 1000 NOT NULL,
	"price_satang" bigint NOT NULL,
	CONSTRAINT "item_level_price_min_qty" CHECK ("item_level_price"."min_qty_milli" > 0),
	CONSTRAINT "item_level_price_amount" CHECK ("item_level_price"."price_satang" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_level" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_level_name_length" CHECK (char_length("price_level"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
ALTER TABLE "item_level_price" ADD CONSTRAINT "item_level_price_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_level_price" ADD CONSTRAINT "item_level_price_price_level_id_price_level_id_fk" FOREIGN KEY ("price_level_id") REFERENCES "public"."price_level"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_level_price" ADD CONSTRAINT "item_level_price_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_level" ADD CONSTRAINT "price_level_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_level_price_break" ON "item_level_price" USING btree ("price_level_id","item_id","min_qty_milli");--> statement-breakpoint
CREATE INDEX "item_level_price_shop_item" ON "item_level_price" USING btree ("shop_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_level_shop_name" ON "price_level" USING btree ("shop_id","name");