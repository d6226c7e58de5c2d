-- 0026_consents: consent under the Data Protection Act 2019 (issue 35 §5; docs/decisions/0025-consent.md),
-- an append-only history per learner, guardian and purpose, and announcements the school marks as
-- required by law (their SMS ignores a withdrawn SMS consent).
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"recorded_by_role" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('processing', 'photos', 'sms', 'email')),
	CONSTRAINT "consents_source_check" CHECK ("consents"."source" in ('admission', 'parent', 'school_office'))
);
--> statement-breakpoint
ALTER TABLE "school_announcements" ADD COLUMN "statutory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_student_idx" ON "consents" USING btree ("student_id","guardian_id","purpose","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consents_guardian_idx" ON "consents" USING btree ("guardian_id","purpose","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consents_school_idx" ON "consents" USING btree ("school_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3; the per-statement form of 0024): each school sees its own
-- consents; platform context sees all. The history is append-only: the app role may not update or delete
-- (a learner's or guardian's erasure removes them through the foreign keys' cascade).
GRANT SELECT, INSERT, DELETE ON "consents" TO edufam_app;
--> statement-breakpoint
ALTER TABLE "consents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "consents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "consents_tenant" ON "consents"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
