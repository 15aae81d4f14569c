CREATE TABLE "listing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"price_satang" bigint NOT NULL,
	"province" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"search_tokens" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_tokens)) STORED,
	"published_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_price_check" CHECK ("listing"."price_satang" >= 0),
	CONSTRAINT "listing_status_check" CHECK ("listing"."status" in ('draft', 'published', 'sold'))
);
--> statement-breakpoint
CREATE TABLE "listing_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_owner_id_app_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_hidden_by_app_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_owner_idx" ON "listing" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "listing_public_idx" ON "listing" USING btree ("published_at" DESC NULLS LAST,"id") WHERE status = 'published' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "listing_public_category_idx" ON "listing" USING btree ("category","published_at" DESC NULLS LAST) WHERE status = 'published' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "listing_public_province_idx" ON "listing" USING btree ("province","published_at" DESC NULLS LAST) WHERE status = 'published' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "listing_public_price_idx" ON "listing" USING btree ("price_satang") WHERE status = 'published' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listing_photo_listing_idx" ON "listing_photo" USING btree ("listing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photo_cover_idx" ON "listing_photo" USING btree ("listing_id") WHERE is_cover;--> statement-breakpoint
CREATE INDEX "listing_search_word_trgm_idx" ON "listing_search_word" USING gin ("word" gin_trgm_ops);