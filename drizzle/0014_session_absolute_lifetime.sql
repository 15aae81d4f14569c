-- Absolute session lifetime (ASVS 5.0 V7.3.2): better-auth slides a session's expiry forward
-- once a day while it is used, with no upper bound. Capping expires_at at 90 days after the
-- session was created, in the database, holds for every path that writes a session
-- (sign-in, the daily slide, impersonation). Keep in step with SESSION_ABSOLUTE_TTL_SECONDS
-- in app/modules/accounts/auth.server.ts.
CREATE FUNCTION auth_session_absolute_lifetime() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.expires_at := LEAST(NEW.expires_at, NEW.created_at + interval '90 days');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_session_absolute_lifetime
  BEFORE INSERT OR UPDATE OF expires_at, created_at ON auth_session
  FOR EACH ROW EXECUTE FUNCTION auth_session_absolute_lifetime();
