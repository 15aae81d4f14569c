-- The company's content (profile, banners, product categories, articles) is read by every page
-- and changes only when the site is seeded or an article file is published. Each app instance
-- keeps it in memory (app/modules/platform/notified-cache.server.ts); these triggers tell every
-- instance at commit that it changed, whoever changed it (the seed of another instance, a
-- script), on channel 'content_changed' with payload 'content'.
CREATE FUNCTION content_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', 'content');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER company_profile_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_profile
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER banner_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banner
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER product_category_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_category
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER article_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
