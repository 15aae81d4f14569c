CREATE TABLE "shop" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"business_type" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"tax_id" text,
	"allow_negative_stock" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_tax_id_digits" CHECK ("shop"."tax_id" IS NULL OR "shop"."tax_id" ~ '^[0-9]{13}$')
);
--> statement-breakpoint
CREATE TABLE "shop_member" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_member" ADD CONSTRAINT "shop_member_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_member" ADD CONSTRAINT "shop_member_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_member_shop_user" ON "shop_member" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "shop_member_user_idx" ON "shop_member" USING btree ("user_id");