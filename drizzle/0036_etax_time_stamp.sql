CREATE TABLE "email_attachment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_envelope" (
	"email_id" bigint PRIMARY KEY NOT NULL,
	"from_address" text,
	"cc_addresses" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etax_delivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"credit_note_id" bigint,
	"document_kind" text NOT NULL,
	"document_number" text NOT NULL,
	"to_address" text NOT NULL,
	"cc_address" text NOT NULL,
	"from_address" text NOT NULL,
	"email_id" bigint,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etax_delivery_kind_note" CHECK (("etax_delivery"."document_kind" = 'creditNote') = ("etax_delivery"."credit_note_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "shop_etax_setting" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"registration" text DEFAULT '' NOT NULL,
	"sender_email" text DEFAULT '' NOT NULL,
	"timestamp_email" text DEFAULT 'csemail@etax.teda.th' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_attachment" ADD CONSTRAINT "email_attachment_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_envelope" ADD CONSTRAINT "email_envelope_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etax_delivery" ADD CONSTRAINT "etax_delivery_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etax_delivery" ADD CONSTRAINT "etax_delivery_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etax_delivery" ADD CONSTRAINT "etax_delivery_credit_note_id_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_note"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etax_delivery" ADD CONSTRAINT "etax_delivery_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etax_delivery" ADD CONSTRAINT "etax_delivery_sent_by_app_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_etax_setting" ADD CONSTRAINT "shop_etax_setting_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attachment_email_idx" ON "email_attachment" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "etax_delivery_sale_idx" ON "etax_delivery" USING btree ("shop_id","sale_id");