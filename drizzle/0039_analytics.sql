CREATE TABLE "analytics_page_rollup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"granularity" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"device" text NOT NULL,
	"lang" text NOT NULL,
	"page_views" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_page_view" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"route" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"lang" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_page_view_device_check" CHECK ("analytics_page_view"."device" in ('mobile', 'tablet', 'desktop')),
	CONSTRAINT "analytics_page_view_lang_check" CHECK ("analytics_page_view"."lang" in ('th', 'en'))
);
--> statement-breakpoint
CREATE TABLE "analytics_referrer_rollup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"granularity" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"referrer_host" text NOT NULL,
	"page_views" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_rollup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"granularity" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_vital" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "analytics_vital_metric_check" CHECK ("analytics_vital"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "analytics_vital_value_check" CHECK ("analytics_vital"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "analytics_vital_rollup" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"granularity" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"samples" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_page_rollup_key" ON "analytics_page_rollup" USING btree ("granularity","start","route","device","lang");--> statement-breakpoint
CREATE INDEX "analytics_page_view_at_idx" ON "analytics_page_view" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_referrer_rollup_key" ON "analytics_referrer_rollup" USING btree ("granularity","start","referrer_host");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_visitor_rollup_key" ON "analytics_visitor_rollup" USING btree ("granularity","start");--> statement-breakpoint
CREATE INDEX "analytics_vital_at_idx" ON "analytics_vital" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_vital_rollup_key" ON "analytics_vital_rollup" USING btree ("granularity","start","route","metric","rating","bucket");