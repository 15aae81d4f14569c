CREATE TABLE "stock_balance" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"negative_allowed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balance_qty_not_negative" CHECK ("stock_balance"."qty" >= 0 OR "stock_balance"."negative_allowed")
);
--> statement-breakpoint
CREATE TABLE "stock_document" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reverses_document_id" bigint,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_item" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"category" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"price_satang" bigint DEFAULT 0 NOT NULL,
	"cost_satang" bigint DEFAULT 0 NOT NULL,
	"image_key" text,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"stock_value_satang" bigint DEFAULT 0 NOT NULL,
	"avg_cost_satang" bigint DEFAULT 0 NOT NULL,
	"has_movements" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_item_price_not_negative" CHECK ("stock_item"."price_satang" >= 0),
	CONSTRAINT "stock_item_cost_not_negative" CHECK ("stock_item"."cost_satang" >= 0),
	CONSTRAINT "stock_item_reorder_not_negative" CHECK ("stock_item"."reorder_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_location" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"parent_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"document_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"qty" integer NOT NULL,
	"location_qty_after" integer NOT NULL,
	"item_qty_after" integer NOT NULL,
	"unit_cost_satang" bigint NOT NULL,
	"value_satang" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reverses_movement_id" bigint,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_qty_not_zero" CHECK ("stock_movement"."qty" <> 0)
);
--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balance" ADD CONSTRAINT "stock_balance_location_id_stock_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_document" ADD CONSTRAINT "stock_document_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item" ADD CONSTRAINT "stock_item_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location" ADD CONSTRAINT "stock_location_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_document_id_stock_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."stock_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_location_id_stock_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balance_item_location" ON "stock_balance" USING btree ("item_id","location_id");--> statement-breakpoint
CREATE INDEX "stock_balance_shop_location" ON "stock_balance" USING btree ("shop_id","location_id");--> statement-breakpoint
CREATE INDEX "stock_document_shop_idx" ON "stock_document" USING btree ("shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_document_reversed_once" ON "stock_document" USING btree ("reverses_document_id") WHERE "stock_document"."reverses_document_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_item_shop_sku" ON "stock_item" USING btree ("shop_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_item_shop_barcode" ON "stock_item" USING btree ("shop_id","barcode") WHERE "stock_item"."barcode" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_item_shop_name" ON "stock_item" USING btree ("shop_id","name");--> statement-breakpoint
CREATE INDEX "stock_location_shop_idx" ON "stock_location" USING btree ("shop_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_location_one_default" ON "stock_location" USING btree ("shop_id") WHERE "stock_location"."is_default";--> statement-breakpoint
CREATE INDEX "stock_movement_shop_idx" ON "stock_movement" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "stock_movement_item_idx" ON "stock_movement" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "stock_movement_location_idx" ON "stock_movement" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "stock_movement_document_idx" ON "stock_movement" USING btree ("document_id");