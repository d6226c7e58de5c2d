CREATE TABLE "admin_communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"target_roles" text[] NOT NULL,
	"school_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"dismissible" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_communications_priority_check" CHECK ("admin_communications"."priority" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "admin_communications_roles_check" CHECK (cardinality("admin_communications"."target_roles") > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"school_id" uuid,
	"communication_id" uuid NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_dismissed_communications" (
	"user_id" uuid NOT NULL,
	"communication_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_dismissed_communications_user_id_communication_id_pk" PRIMARY KEY("user_id","communication_id")
);
--> statement-breakpoint
ALTER TABLE "admin_communications" ADD CONSTRAINT "admin_communications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_communications" ADD CONSTRAINT "admin_communications_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_communication_id_admin_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."admin_communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dismissed_communications" ADD CONSTRAINT "user_dismissed_communications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dismissed_communications" ADD CONSTRAINT "user_dismissed_communications_communication_id_admin_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."admin_communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_communications_created_idx" ON "admin_communications" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "admin_communications_active_idx" ON "admin_communications" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","is_read","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_communication_user_uq" ON "notifications" USING btree ("communication_id","user_id");--> statement-breakpoint
CREATE INDEX "user_dismissed_communications_communication_idx" ON "user_dismissed_communications" USING btree ("communication_id");--> statement-breakpoint
-- Row-level security for the communication tables (style of 0001_rls.sql). Platform context is
-- app.all_schools = 'on' (platform admins and the server's own work). The settings are read in
-- scalar subqueries, so PostgreSQL evaluates them once per statement instead of once per row:
-- publishing writes one notification per targeted user in a single INSERT … SELECT.
CREATE OR REPLACE FUNCTION app_platform_context() RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.all_schools', true), '') = 'on'
$$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON admin_communications, notifications, user_dismissed_communications TO edufam_app;
--> statement-breakpoint
ALTER TABLE admin_communications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE admin_communications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Everyone reads platform-wide communications and those of a school they can see; only platform
-- context writes.
CREATE POLICY admin_communications_read ON admin_communications FOR SELECT
  USING (school_id IS NULL OR app_can_see_school(school_id));
--> statement-breakpoint
CREATE POLICY admin_communications_insert ON admin_communications FOR INSERT
  WITH CHECK ((SELECT app_platform_context()));
--> statement-breakpoint
CREATE POLICY admin_communications_update ON admin_communications FOR UPDATE
  USING ((SELECT app_platform_context())) WITH CHECK ((SELECT app_platform_context()));
--> statement-breakpoint
CREATE POLICY admin_communications_delete ON admin_communications FOR DELETE
  USING ((SELECT app_platform_context()));
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A user reads and marks read only their own notifications (of a school they can see); platform
-- context creates them (publishing) and may read and delete them.
CREATE POLICY notifications_read ON notifications FOR SELECT
  USING ((SELECT app_platform_context())
         OR (user_id = (SELECT app_current_user_id()) AND (school_id IS NULL OR app_can_see_school(school_id))));
--> statement-breakpoint
CREATE POLICY notifications_insert ON notifications FOR INSERT
  WITH CHECK ((SELECT app_platform_context()));
--> statement-breakpoint
CREATE POLICY notifications_update ON notifications FOR UPDATE
  USING (user_id = (SELECT app_current_user_id()) AND (school_id IS NULL OR app_can_see_school(school_id)))
  WITH CHECK (user_id = (SELECT app_current_user_id()) AND (school_id IS NULL OR app_can_see_school(school_id)));
--> statement-breakpoint
CREATE POLICY notifications_delete ON notifications FOR DELETE
  USING ((SELECT app_platform_context()));
--> statement-breakpoint
ALTER TABLE user_dismissed_communications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_dismissed_communications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Own dismissals only (platform context may read them all).
CREATE POLICY user_dismissed_communications_read ON user_dismissed_communications FOR SELECT
  USING (user_id = (SELECT app_current_user_id()) OR (SELECT app_platform_context()));
--> statement-breakpoint
CREATE POLICY user_dismissed_communications_insert ON user_dismissed_communications FOR INSERT
  WITH CHECK (user_id = (SELECT app_current_user_id()));
--> statement-breakpoint
CREATE POLICY user_dismissed_communications_delete ON user_dismissed_communications FOR DELETE
  USING (user_id = (SELECT app_current_user_id()));
