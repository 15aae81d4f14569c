-- Who a request's member is (their session and account) and which shops they belong to with
-- which role are read on almost every request. Each app instance keeps them in memory
-- (app/modules/accounts/identity-cache.server.ts) and must hear of every change, whoever makes
-- it: better-auth (sign-out, password change, ban), our commands, another instance, a script.
-- These triggers announce the change at commit on channel 'identity_changed':
--   'user:<id>'  the account, one of its sessions or one of its memberships changed;
--   'shop:<id>'  a shop's own row changed (name, settings) or it was deleted;
--   '*'          a table was truncated: forget everything.
-- NOTIFY folds identical payloads within a transaction, so a bulk change sends each id once.
-- None of these tables is on the stock ledger's hot path (see 0005_stock_ledger.sql).
CREATE FUNCTION identity_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('identity_changed', '*');
    RETURN NULL;
  END IF;
  changed := CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END;
  IF TG_TABLE_NAME = 'shop' THEN
    PERFORM pg_notify('identity_changed', 'shop:' || changed.id);
  ELSIF TG_TABLE_NAME = 'app_user' THEN
    PERFORM pg_notify('identity_changed', 'user:' || changed.id);
  ELSE
    -- auth_session, shop_member: the user whose session or membership it is (a membership
    -- moved to another user by an UPDATE is announced for both).
    PERFORM pg_notify('identity_changed', 'user:' || changed.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('identity_changed', 'user:' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER app_user_identity_changed
  AFTER UPDATE OR DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER auth_session_identity_changed
  AFTER UPDATE OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER shop_member_identity_changed
  AFTER INSERT OR UPDATE OR DELETE ON shop_member
  FOR EACH ROW EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER shop_identity_changed
  AFTER UPDATE OR DELETE ON shop
  FOR EACH ROW EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER app_user_identity_truncated
  AFTER TRUNCATE ON app_user
  FOR EACH STATEMENT EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER auth_session_identity_truncated
  AFTER TRUNCATE ON auth_session
  FOR EACH STATEMENT EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER shop_member_identity_truncated
  AFTER TRUNCATE ON shop_member
  FOR EACH STATEMENT EXECUTE FUNCTION identity_changed();
--> statement-breakpoint
CREATE TRIGGER shop_identity_truncated
  AFTER TRUNCATE ON shop
  FOR EACH STATEMENT EXECUTE FUNCTION identity_changed();
