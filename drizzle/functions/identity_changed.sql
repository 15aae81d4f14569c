CREATE OR REPLACE FUNCTION public.identity_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
