CREATE TABLE "site_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_notice_level_check" CHECK ("site_notice"."level" in ('info', 'warning', 'danger')),
	CONSTRAINT "site_notice_period_check" CHECK ("site_notice"."starts_at" is null or "site_notice"."ends_at" is null or "site_notice"."ends_at" > "site_notice"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "site_notice" ADD CONSTRAINT "site_notice_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;