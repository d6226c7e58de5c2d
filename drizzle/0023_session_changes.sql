-- Issue 19: signed-in requests resolve their session from a short-lived in-process cache
-- (src/server/modules/auth/session-cache.ts). Every change that can alter what a session stands for
-- (the session row itself, the user, the profile, the school) notifies channel edufam_sessions, which
-- every instance LISTENs on, so signing out or deactivating takes effect on every instance at commit.
-- Payload: 'session:<id>', 'user:<id>' or 'school:<id>'. Identical payloads in one transaction are
-- delivered once by PostgreSQL.
CREATE OR REPLACE FUNCTION app_notify_session_row_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- last_seen_at, ip and user agent change with use (security/session-activity.ts): nothing the cache
  -- holds, so no notification (it would empty an active user's entry every few minutes).
  IF TG_OP = 'UPDATE' AND NEW.token = OLD.token AND NEW.user_id = OLD.user_id AND NEW.expires_at = OLD.expires_at
     AND NEW.two_factor_pending IS NOT DISTINCT FROM OLD.two_factor_pending THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('edufam_sessions', 'session:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TG_ARGV[0]: 'user' (users, profiles: the row id is the user id) or 'school'.
CREATE OR REPLACE FUNCTION app_notify_session_owner_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('edufam_sessions', TG_ARGV[0] || ':' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION app_notify_session_row_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION app_notify_session_owner_change('user');
--> statement-breakpoint
CREATE TRIGGER profiles_notify_change AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION app_notify_session_owner_change('user');
--> statement-breakpoint
CREATE TRIGGER schools_notify_change AFTER UPDATE OR DELETE ON schools
  FOR EACH ROW EXECUTE FUNCTION app_notify_session_owner_change('school');
