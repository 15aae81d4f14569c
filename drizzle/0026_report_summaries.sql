CREATE TABLE "report_items_day" (
	"shop_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"item_name" text NOT NULL,
	"lines" integer NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"ex_vat_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_items_month" (
	"shop_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"item_name" text NOT NULL,
	"lines" integer NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"ex_vat_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_payments_day" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"payments" integer NOT NULL,
	"amount_satang" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sales_hour" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"cashier_id" text NOT NULL,
	"cashier_name" text NOT NULL,
	"bills" integer NOT NULL,
	"gross_satang" bigint NOT NULL,
	"discount_satang" bigint NOT NULL,
	"ex_vat_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"cost_satang" bigint NOT NULL,
	"void_bills" integer NOT NULL,
	"void_total_satang" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_items_day" ADD CONSTRAINT "report_items_day_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_items_month" ADD CONSTRAINT "report_items_month_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_payments_day" ADD CONSTRAINT "report_payments_day_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sales_hour" ADD CONSTRAINT "report_sales_hour_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_items_day_key" ON "report_items_day" USING btree ("shop_id","day","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_items_month_key" ON "report_items_month" USING btree ("shop_id","month","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_payments_day_key" ON "report_payments_day" USING btree ("shop_id","day","method");--> statement-breakpoint
CREATE UNIQUE INDEX "report_sales_hour_key" ON "report_sales_hour" USING btree ("shop_id","day","hour","cashier_id");