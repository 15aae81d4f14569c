-- Per-shop data that members' pages read on every request: the till's selling settings and
-- open shifts, and the member's walkthrough of the shop. Each app instance keeps it in memory
-- (app/modules/platform/notified-cache.server.ts, page-data.server.ts of each module); these
-- triggers tell every instance at commit that it changed, whoever changed it (a command of
-- another instance, a script), on channel 'content_changed' with the payloads
-- 'selling:<shop>', 'shifts:<shop>' and 'guide:<shop>:<user>'. NOTIFY sends one payload once
-- per transaction however many rows changed. A TRUNCATE (tests, maintenance) forgets all.
CREATE FUNCTION shop_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('content_changed', TG_ARGV[0] || ':' || changed.shop_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION shop_guide_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('content_changed', 'guide:' || changed.shop_id || ':' || changed.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION shop_data_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shop_sales_setting_changed
  AFTER INSERT OR UPDATE OR DELETE ON shop_sales_setting
  FOR EACH ROW EXECUTE FUNCTION shop_data_changed('selling');
--> statement-breakpoint
CREATE TRIGGER shift_changed
  AFTER INSERT OR UPDATE OR DELETE ON shift
  FOR EACH ROW EXECUTE FUNCTION shop_data_changed('shifts');
--> statement-breakpoint
CREATE TRIGGER shop_guide_changed
  AFTER INSERT OR UPDATE OR DELETE ON shop_guide
  FOR EACH ROW EXECUTE FUNCTION shop_guide_changed();
--> statement-breakpoint
CREATE TRIGGER shop_sales_setting_truncated
  AFTER TRUNCATE ON shop_sales_setting
  FOR EACH STATEMENT EXECUTE FUNCTION shop_data_truncated();
--> statement-breakpoint
CREATE TRIGGER shift_truncated
  AFTER TRUNCATE ON shift
  FOR EACH STATEMENT EXECUTE FUNCTION shop_data_truncated();
--> statement-breakpoint
CREATE TRIGGER shop_guide_truncated
  AFTER TRUNCATE ON shop_guide
  FOR EACH STATEMENT EXECUTE FUNCTION shop_data_truncated();
