CREATE TABLE "shop_etax_address" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"building_number" text NOT NULL,
	"postcode" text NOT NULL,
	"sub_district_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_etax_address_postcode" CHECK ("shop_etax_address"."postcode" ~ '^[0-9]{5}$'),
	CONSTRAINT "shop_etax_address_sub_district" CHECK ("shop_etax_address"."sub_district_code" ~ '^[0-9]{6}$'),
	CONSTRAINT "shop_etax_address_building" CHECK (length("shop_etax_address"."building_number") BETWEEN 1 AND 40)
);
--> statement-breakpoint
ALTER TABLE "shop_etax_address" ADD CONSTRAINT "shop_etax_address_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;