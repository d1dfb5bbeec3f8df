-- Authentication caches in every server process are invalidated by NOTIFY on channel
-- "auth_changed" (payload: a user id, or '*' for everyone), sent at commit by these triggers,
-- whatever code path changed an API key, a user, a membership or an organization.
CREATE OR REPLACE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'organizations' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('auth_changed', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('auth_changed', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('auth_changed', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_changed AFTER UPDATE OF status, expires_at, organization_id, user_id OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER organizations_auth_changed AFTER UPDATE OF deleted_at, kind OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
