-- 0021_data_protection: data subjects' requests (issue 18 §2, Kenya Data Protection Act 2019).
CREATE TABLE "data_protection_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_name_snapshot" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"reason" text NOT NULL,
	"legal_basis" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"outcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "data_protection_requests_subject_type_check" CHECK ("data_protection_requests"."subject_type" in ('learner', 'user')),
	CONSTRAINT "data_protection_requests_kind_check" CHECK ("data_protection_requests"."kind" in ('export', 'erasure')),
	CONSTRAINT "data_protection_requests_status_check" CHECK ("data_protection_requests"."status" in ('completed', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "data_protection_requests" ADD CONSTRAINT "data_protection_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_protection_requests" ADD CONSTRAINT "data_protection_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_protection_requests_school_idx" ON "data_protection_requests" USING btree ("school_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_protection_requests_subject_idx" ON "data_protection_requests" USING btree ("subject_type","subject_id");--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3): a school sees its own requests; platform requests
-- (school_id null: a platform user's data) are visible to platform context only. app_can_see_school
-- is true for any row in platform context and false for a null school otherwise.
GRANT SELECT, INSERT, UPDATE, DELETE ON "data_protection_requests" TO edufam_app;
--> statement-breakpoint
ALTER TABLE "data_protection_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "data_protection_requests" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "data_protection_requests_tenant" ON "data_protection_requests"
  USING (("school_id" IS NULL AND (SELECT app_platform_context())) OR app_can_see_school("school_id"))
  WITH CHECK (("school_id" IS NULL AND (SELECT app_platform_context())) OR app_can_see_school("school_id"));
