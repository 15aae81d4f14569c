CREATE TABLE "till_refused_sale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"till_id" uuid NOT NULL,
	"client_sale_id" uuid NOT NULL,
	"document_number" text NOT NULL,
	"total_satang" bigint NOT NULL,
	"code" text NOT NULL,
	"sent_by" text NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_flag" DROP CONSTRAINT "sale_flag_reason";--> statement-breakpoint
ALTER TABLE "till_checkin" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "till_refused_sale" ADD CONSTRAINT "till_refused_sale_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_refused_sale" ADD CONSTRAINT "till_refused_sale_till_id_till_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."till"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "till_refused_sale_client" ON "till_refused_sale" USING btree ("shop_id","client_sale_id");--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_reason" CHECK ("sale_flag"."reason" IN ('priceChanged', 'itemArchived', 'negativeStock', 'vatChanged'));