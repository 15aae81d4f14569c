CREATE TABLE "push_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expanded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"event_id" bigint,
	"payload" jsonb NOT NULL,
	"ttl_seconds" integer DEFAULT 86400 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_preference" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"low_stock" boolean DEFAULT true NOT NULL,
	"daily_summary" boolean DEFAULT true NOT NULL,
	"large_refund" boolean DEFAULT true NOT NULL,
	"shift_difference" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_shop_setting" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"refund_alert_satang" bigint DEFAULT 100000 NOT NULL,
	"closing_minute" smallint DEFAULT 1260 NOT NULL,
	"last_summary_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_shop_setting_refund_not_negative" CHECK ("push_shop_setting"."refund_alert_satang" >= 0),
	CONSTRAINT "push_shop_setting_closing_minute" CHECK ("push_shop_setting"."closing_minute" >= 0 AND "push_shop_setting"."closing_minute" < 1440)
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"lang" text DEFAULT 'th' NOT NULL,
	"notices" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_setting_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_event" ADD CONSTRAINT "push_event_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_message" ADD CONSTRAINT "push_message_subscription_id_push_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_message" ADD CONSTRAINT "push_message_event_id_push_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."push_event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preference" ADD CONSTRAINT "push_preference_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preference" ADD CONSTRAINT "push_preference_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_shop_setting" ADD CONSTRAINT "push_shop_setting_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_setting" ADD CONSTRAINT "site_setting_updated_by_app_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_setting_change" ADD CONSTRAINT "site_setting_change_changed_by_app_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_event_waiting" ON "push_event" USING btree ("id") WHERE "push_event"."expanded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "push_message_due" ON "push_message" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_message_subscription" ON "push_message" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_preference_user_shop" ON "push_preference" USING btree ("user_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_shop_setting_shop" ON "push_shop_setting" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_endpoint" ON "push_subscription" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscription_user" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "site_setting_change_at" ON "site_setting_change" USING btree ("changed_at");--> statement-breakpoint
-- Hand-written (decision 0078): what happens in a shop becomes a push_event in the same
-- transaction as the change. Each trigger fires only on the change worth telling (a crossing of
-- the reorder level, not every sale; a void; a credit note; a shift closed off its count), so
-- the selling path pays a WHEN test and nothing more. The body stands in
-- drizzle/functions/push_event_from_change.sql.
CREATE FUNCTION push_event_from_change() RETURNS trigger
LANGUAGE plpgsql AS $function$
BEGIN
  -- Nobody of the shop who would be told has a device subscribed: nothing to keep.
  IF NOT EXISTS (
    SELECT 1 FROM shop_member m JOIN push_subscription s ON s.user_id = m.user_id
     WHERE m.shop_id = NEW.shop_id AND m.role IN ('owner', 'manager')
  ) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'stock_item' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'low_stock', jsonb_build_object(
      'itemId', NEW.id, 'name', NEW.name, 'unit', NEW.unit,
      'onHand', NEW.on_hand::text, 'reorderLevel', NEW.reorder_level::text));
  ELSIF TG_TABLE_NAME = 'sale' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'void', jsonb_build_object(
      'saleId', NEW.id, 'documentNumber', NEW.document_number,
      'totalSatang', NEW.total_satang));
  ELSIF TG_TABLE_NAME = 'credit_note' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'refund', jsonb_build_object(
      'saleId', NEW.sale_id, 'documentNumber', NEW.document_number,
      'totalSatang', NEW.total_satang));
  ELSIF TG_TABLE_NAME = 'shift' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'shift_difference', jsonb_build_object(
      'shiftId', NEW.id, 'closedByName', coalesce(NEW.closed_by_name, ''),
      'differenceSatang', NEW.difference_satang));
  END IF;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
-- Low stock once per crossing: the balance goes from above the reorder level to at or below it
-- (or a level set on an item already under it), not on every sale while it stays low.
CREATE TRIGGER stock_item_push_low_stock
  AFTER UPDATE OF on_hand, reorder_level ON stock_item
  FOR EACH ROW
  WHEN (NEW.status = 'active' AND NEW.reorder_level > 0 AND NEW.on_hand <= NEW.reorder_level
        AND (OLD.reorder_level = 0 OR OLD.on_hand > OLD.reorder_level))
  EXECUTE FUNCTION push_event_from_change();
--> statement-breakpoint
CREATE TRIGGER sale_push_void
  AFTER UPDATE OF status ON sale
  FOR EACH ROW
  WHEN (OLD.status <> 'void' AND NEW.status = 'void')
  EXECUTE FUNCTION push_event_from_change();
--> statement-breakpoint
CREATE TRIGGER credit_note_push_refund
  AFTER INSERT ON credit_note
  FOR EACH ROW
  EXECUTE FUNCTION push_event_from_change();
--> statement-breakpoint
CREATE TRIGGER shift_push_difference
  AFTER UPDATE OF status ON shift
  FOR EACH ROW
  WHEN (OLD.status = 'open' AND NEW.status = 'closed' AND NEW.difference_satang <> 0)
  EXECUTE FUNCTION push_event_from_change();
--> statement-breakpoint
-- Remote config (decision 0079): a changed setting is announced like the company's content, so
-- every instance forgets its cached settings and rendered pages within milliseconds, whoever
-- wrote it (the admin page, another instance, a script).
CREATE TRIGGER site_setting_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_setting
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
