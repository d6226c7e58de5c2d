-- Row-level security for every tenant table (ARCHITECTURE.md "three walls", wall 3).
-- Each request runs in a transaction that does SET LOCAL ROLE edufam_app and sets app.school_id /
-- app.all_schools / app.user_id with set_config(..., true). edufam_app is not the owner and not a
-- superuser, and the policies are FORCE'd, so a query that forgets its school sees nothing.
DO $$
BEGIN
  CREATE ROLE edufam_app NOLOGIN;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT edufam_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO edufam_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO edufam_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO edufam_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_can_see_school(sid uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.all_schools', true), '') = 'on'
      OR (sid IS NOT NULL AND sid = nullif(current_setting('app.school_id', true), '')::uuid)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_user_id() RETURNS uuid
  LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;
--> statement-breakpoint
ALTER TABLE schools ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schools FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY schools_tenant ON schools USING (app_can_see_school(id)) WITH CHECK (app_can_see_school(id));
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A person always sees their own profile; otherwise the profile's school must be visible.
CREATE POLICY profiles_tenant ON profiles
  USING (id = app_current_user_id() OR app_can_see_school(school_id))
  WITH CHECK (id = app_current_user_id() OR app_can_see_school(school_id));
--> statement-breakpoint
ALTER TABLE audit_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Platform entries (school_id null) are visible to platform context only; anyone may append their own.
CREATE POLICY audit_logs_read ON audit_logs FOR SELECT USING (app_can_see_school(school_id));
--> statement-breakpoint
CREATE POLICY audit_logs_insert ON audit_logs FOR INSERT
  WITH CHECK (school_id IS NULL OR app_can_see_school(school_id));
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['academic_years', 'terms', 'classes', 'subjects', 'teacher_assignments',
                           'students', 'guardians', 'student_guardians']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
