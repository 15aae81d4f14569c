CREATE TABLE "staff_clock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"member_name" text NOT NULL,
	"till_id" uuid,
	"clock_in" timestamp with time zone DEFAULT now() NOT NULL,
	"clock_out" timestamp with time zone,
	CONSTRAINT "staff_clock_out_after_in" CHECK ("staff_clock"."clock_out" IS NULL OR "staff_clock"."clock_out" >= "staff_clock"."clock_in")
);
--> statement-breakpoint
CREATE TABLE "till_cashier_switch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"till_id" uuid NOT NULL,
	"cashier_id" text NOT NULL,
	"cashier_name" text NOT NULL,
	"opened_by" text NOT NULL,
	"session_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_pin" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_pin_failed_count" CHECK ("till_pin"."failed_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "staff_clock" ADD CONSTRAINT "staff_clock_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_clock" ADD CONSTRAINT "staff_clock_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_clock" ADD CONSTRAINT "staff_clock_till_id_till_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."till"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cashier_switch" ADD CONSTRAINT "till_cashier_switch_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cashier_switch" ADD CONSTRAINT "till_cashier_switch_till_id_till_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."till"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cashier_switch" ADD CONSTRAINT "till_cashier_switch_cashier_id_app_user_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cashier_switch" ADD CONSTRAINT "till_cashier_switch_opened_by_app_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_pin" ADD CONSTRAINT "till_pin_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_pin" ADD CONSTRAINT "till_pin_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_clock_one_open" ON "staff_clock" USING btree ("shop_id","user_id") WHERE "staff_clock"."clock_out" IS NULL;--> statement-breakpoint
CREATE INDEX "staff_clock_shop_in" ON "staff_clock" USING btree ("shop_id","clock_in");--> statement-breakpoint
CREATE INDEX "till_cashier_switch_open" ON "till_cashier_switch" USING btree ("till_id") WHERE "till_cashier_switch"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "till_cashier_switch_session" ON "till_cashier_switch" USING btree ("session_key") WHERE "till_cashier_switch"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "till_cashier_switch_shop" ON "till_cashier_switch" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "till_pin_shop_user" ON "till_pin" USING btree ("shop_id","user_id");