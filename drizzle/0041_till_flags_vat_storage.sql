ALTER TABLE "sale_flag" DROP CONSTRAINT "sale_flag_reason";--> statement-breakpoint
ALTER TABLE "till_checkin" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_reason" CHECK ("sale_flag"."reason" IN ('priceChanged', 'itemArchived', 'negativeStock', 'vatChanged'));