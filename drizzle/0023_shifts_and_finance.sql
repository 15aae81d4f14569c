CREATE TABLE "cash_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"shift_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_satang" bigint NOT NULL,
	"reason" text NOT NULL,
	"expense_id" bigint,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movement_kind_known" CHECK ("cash_movement"."kind" IN ('pay_in', 'pay_out')),
	CONSTRAINT "cash_movement_amount_positive" CHECK ("cash_movement"."amount_satang" > 0)
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"till" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" text NOT NULL,
	"opened_by_name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_cash_satang" bigint NOT NULL,
	"closed_by" text,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"expected_cash_satang" bigint,
	"counted_cash_satang" bigint,
	"difference_satang" bigint,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "shift_status_known" CHECK ("shift"."status" IN ('open', 'closed')),
	CONSTRAINT "shift_opening_not_negative" CHECK ("shift"."opening_cash_satang" >= 0),
	CONSTRAINT "shift_counted_not_negative" CHECK ("shift"."counted_cash_satang" >= 0),
	CONSTRAINT "shift_closed_complete" CHECK (("shift"."status" = 'closed') = ("shift"."closed_at" IS NOT NULL AND "shift"."counted_cash_satang" IS NOT NULL AND "shift"."expected_cash_satang" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "expense" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"category_key" text,
	"category_id" bigint,
	"amount_satang" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"spent_on" date NOT NULL,
	"input_vat_satang" bigint DEFAULT 0 NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"receipt_image_key" text,
	CONSTRAINT "expense_one_category" CHECK (("expense"."category_key" IS NULL) <> ("expense"."category_id" IS NULL)),
	CONSTRAINT "expense_category_known" CHECK ("expense"."category_key" IS NULL OR "expense"."category_key" IN ('rent', 'wages', 'utilities', 'transport', 'marketing', 'fees', 'other')),
	CONSTRAINT "expense_method_known" CHECK ("expense"."method" IN ('cash', 'transfer', 'card', 'promptpay')),
	CONSTRAINT "expense_amount_positive" CHECK ("expense"."amount_satang" > 0),
	CONSTRAINT "expense_vat_within" CHECK ("expense"."input_vat_satang" >= 0 AND "expense"."input_vat_satang" <= "expense"."amount_satang")
);
--> statement-breakpoint
CREATE TABLE "finance_category" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_category_kind_known" CHECK ("finance_category"."kind" IN ('expense', 'income'))
);
--> statement-breakpoint
CREATE TABLE "finance_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"action" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_change_kind_known" CHECK ("finance_change"."kind" IN ('expense', 'income')),
	CONSTRAINT "finance_change_action_known" CHECK ("finance_change"."action" IN ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "other_income" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"category_key" text,
	"category_id" bigint,
	"amount_satang" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"received_on" date NOT NULL,
	CONSTRAINT "other_income_one_category" CHECK (("other_income"."category_key" IS NULL) <> ("other_income"."category_id" IS NULL)),
	CONSTRAINT "other_income_category_known" CHECK ("other_income"."category_key" IS NULL OR "other_income"."category_key" IN ('service', 'interest', 'rental', 'other')),
	CONSTRAINT "other_income_method_known" CHECK ("other_income"."method" IN ('cash', 'transfer', 'card', 'promptpay')),
	CONSTRAINT "other_income_amount_positive" CHECK ("other_income"."amount_satang" > 0)
);
--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "shift_id" bigint;--> statement-breakpoint
ALTER TABLE "cash_movement" ADD CONSTRAINT "cash_movement_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movement" ADD CONSTRAINT "cash_movement_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_category_id_finance_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_category" ADD CONSTRAINT "finance_category_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_change" ADD CONSTRAINT "finance_change_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_income" ADD CONSTRAINT "other_income_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_income" ADD CONSTRAINT "other_income_category_id_finance_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movement_shift" ON "cash_movement" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_one_open_per_till" ON "shift" USING btree ("shop_id","till") WHERE "shift"."status" = 'open';--> statement-breakpoint
CREATE INDEX "shift_shop_opened" ON "shift" USING btree ("shop_id","opened_at");--> statement-breakpoint
CREATE INDEX "expense_shop_spent" ON "expense" USING btree ("shop_id","spent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_category_shop_kind_name" ON "finance_category" USING btree ("shop_id","kind","name");--> statement-breakpoint
CREATE INDEX "finance_change_record" ON "finance_change" USING btree ("shop_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "other_income_shop_received" ON "other_income" USING btree ("shop_id","received_on");--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_shift" ON "sale" USING btree ("shift_id") WHERE "sale"."shift_id" IS NOT NULL;