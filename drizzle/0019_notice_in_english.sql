ALTER TABLE "site_notice" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "site_notice" ADD COLUMN "body_en" text;