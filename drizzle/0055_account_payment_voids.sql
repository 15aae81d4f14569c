CREATE TABLE "account_payment_approval" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"payment_id" bigint NOT NULL,
	"approver_id" text NOT NULL,
	"approver_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_payment_void" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"payment_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"shift_id" bigint,
	"voided_by" text NOT NULL,
	"voided_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_payment_approval" ADD CONSTRAINT "account_payment_approval_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_approval" ADD CONSTRAINT "account_payment_approval_payment_id_account_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_void" ADD CONSTRAINT "account_payment_void_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_void" ADD CONSTRAINT "account_payment_void_payment_id_account_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_void" ADD CONSTRAINT "account_payment_void_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_payment_approval_payment" ON "account_payment_approval" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_payment_void_payment" ON "account_payment_void" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "account_payment_void_shop_created" ON "account_payment_void" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "account_payment_void_shift" ON "account_payment_void" USING btree ("shift_id") WHERE "account_payment_void"."shift_id" IS NOT NULL;