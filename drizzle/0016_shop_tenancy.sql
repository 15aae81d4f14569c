ALTER TABLE "shop" ADD COLUMN "stock_may_reverse" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_member" ADD COLUMN "last_used_at" timestamp with time zone;