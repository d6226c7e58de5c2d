-- Issue 18 §4 System Settings: feature flags per school (a missing row means on).
CREATE TABLE "school_feature_flags" (
	"school_id" uuid NOT NULL,
	"feature_key" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_feature_flags_school_id_feature_key_pk" PRIMARY KEY("school_id","feature_key")
);
--> statement-breakpoint
ALTER TABLE "school_feature_flags" ADD CONSTRAINT "school_feature_flags_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_feature_flags" ADD CONSTRAINT "school_feature_flags_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3): a school sees its own flags (the sidebar reads them);
-- platform context sees and writes all. Table grants come from the default privileges (0001_rls.sql).
ALTER TABLE "school_feature_flags" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "school_feature_flags" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "school_feature_flags_tenant" ON "school_feature_flags" USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id));
