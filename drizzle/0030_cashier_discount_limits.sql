CREATE TABLE "approval_pin" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"pin_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_approval" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"client_sale_id" uuid NOT NULL,
	"cashier_id" text NOT NULL,
	"approver_id" text NOT NULL,
	"approver_name" text NOT NULL,
	"line_bp" integer NOT NULL,
	"bill_bp" integer NOT NULL,
	"discount_satang" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_approval_shares" CHECK ("discount_approval"."line_bp" BETWEEN 0 AND 10000 AND "discount_approval"."bill_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "shop_sales_setting" ADD COLUMN "cashier_max_line_discount_bp" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_sales_setting" ADD COLUMN "cashier_max_bill_discount_bp" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_pin" ADD CONSTRAINT "approval_pin_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_pin" ADD CONSTRAINT "approval_pin_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_approval" ADD CONSTRAINT "discount_approval_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_pin_shop_user" ON "approval_pin" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_approval_shop_sale" ON "discount_approval" USING btree ("shop_id","client_sale_id");--> statement-breakpoint
ALTER TABLE "shop_sales_setting" ADD CONSTRAINT "shop_sales_setting_cashier_discounts" CHECK ("shop_sales_setting"."cashier_max_line_discount_bp" BETWEEN 0 AND 10000 AND "shop_sales_setting"."cashier_max_bill_discount_bp" BETWEEN 0 AND 10000);