-- 0037_results_day: issue 37 §1, what thousands of parents read at once on results day.
-- 1. released_results: each learner's result of a released series, stored when it is released
--    (assessment/released-results.ts), so a parent's results page reads rows instead of ranking streams.
-- 2. Triggers that tell every instance which school's cached parent answers to drop (below).
CREATE TABLE "released_results" (
	"school_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"series" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "released_results_exam_id_student_id_pk" PRIMARY KEY("exam_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "exam_series" ADD COLUMN "results_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "released_results" ADD CONSTRAINT "released_results_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_results" ADD CONSTRAINT "released_results_exam_id_exam_series_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_results" ADD CONSTRAINT "released_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "released_results_student_idx" ON "released_results" USING btree ("student_id");
--> statement-breakpoint
-- Row-level security like the school tables (0024 fast form): each school sees its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "released_results" TO edufam_app;--> statement-breakpoint
ALTER TABLE "released_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "released_results" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "released_results_tenant" ON "released_results"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
-- Issue 37 §1 (results day): parents' results and fee answers are kept in memory per reader
-- (src/server/lib/read-cache.ts, decision 0033). Every table those answers read notifies, at commit,
-- 'read:<kind>:<school_id>' on the session channel (edufam_sessions, drizzle/0023), which every instance
-- LISTENs on; kind is 'grades', 'fees' or 'all' (learners, their guardians, classes and terms show on
-- both pages). Statement-level triggers with transition tables send one notification per school and
-- statement, so a bulk write (billing 40,000 learners) costs one DISTINCT over its rows, not a call
-- per row; identical payloads in one transaction are delivered once by PostgreSQL.
-- exam_marks is not watched: a released series' marks cannot change, and parents see nothing else.
CREATE OR REPLACE FUNCTION app_notify_read_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  school text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR school IN SELECT DISTINCT to_jsonb(o) ->> 'school_id' FROM old_rows o LOOP
      PERFORM pg_notify('edufam_sessions', 'read:' || TG_ARGV[0] || ':' || coalesce(school, ''));
    END LOOP;
  ELSE
    FOR school IN SELECT DISTINCT to_jsonb(n) ->> 'school_id' FROM new_rows n LOOP
      PERFORM pg_notify('edufam_sessions', 'read:' || TG_ARGV[0] || ':' || coalesce(school, ''));
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_read_insert AFTER INSERT ON "students" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER students_read_update AFTER UPDATE ON "students" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER students_read_delete AFTER DELETE ON "students" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER student_guardians_read_insert AFTER INSERT ON "student_guardians" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER student_guardians_read_update AFTER UPDATE ON "student_guardians" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER student_guardians_read_delete AFTER DELETE ON "student_guardians" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER guardians_read_insert AFTER INSERT ON "guardians" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER guardians_read_update AFTER UPDATE ON "guardians" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER guardians_read_delete AFTER DELETE ON "guardians" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER classes_read_insert AFTER INSERT ON "classes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER classes_read_update AFTER UPDATE ON "classes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER classes_read_delete AFTER DELETE ON "classes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER terms_read_insert AFTER INSERT ON "terms" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER terms_read_update AFTER UPDATE ON "terms" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER terms_read_delete AFTER DELETE ON "terms" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER exam_series_read_insert AFTER INSERT ON "exam_series" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER exam_series_read_update AFTER UPDATE ON "exam_series" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER exam_series_read_delete AFTER DELETE ON "exam_series" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER exam_subjects_read_insert AFTER INSERT ON "exam_subjects" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER exam_subjects_read_update AFTER UPDATE ON "exam_subjects" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER exam_subjects_read_delete AFTER DELETE ON "exam_subjects" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER report_comments_read_insert AFTER INSERT ON "report_comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER report_comments_read_update AFTER UPDATE ON "report_comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER report_comments_read_delete AFTER DELETE ON "report_comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER assessment_settings_read_insert AFTER INSERT ON "assessment_settings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER assessment_settings_read_update AFTER UPDATE ON "assessment_settings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER assessment_settings_read_delete AFTER DELETE ON "assessment_settings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER subjects_read_insert AFTER INSERT ON "subjects" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER subjects_read_update AFTER UPDATE ON "subjects" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER subjects_read_delete AFTER DELETE ON "subjects" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER grading_scales_read_insert AFTER INSERT ON "grading_scales" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER grading_scales_read_update AFTER UPDATE ON "grading_scales" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER grading_scales_read_delete AFTER DELETE ON "grading_scales" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER level_scales_read_insert AFTER INSERT ON "level_scales" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER level_scales_read_update AFTER UPDATE ON "level_scales" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER level_scales_read_delete AFTER DELETE ON "level_scales" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('grades');
--> statement-breakpoint
CREATE TRIGGER invoices_read_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER invoices_read_update AFTER UPDATE ON "invoices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER invoices_read_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER invoice_lines_read_insert AFTER INSERT ON "invoice_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER invoice_lines_read_update AFTER UPDATE ON "invoice_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER invoice_lines_read_delete AFTER DELETE ON "invoice_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER payments_read_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER payments_read_update AFTER UPDATE ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER payments_read_delete AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER payment_allocations_read_insert AFTER INSERT ON "payment_allocations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER payment_allocations_read_update AFTER UPDATE ON "payment_allocations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER payment_allocations_read_delete AFTER DELETE ON "payment_allocations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER fee_adjustments_read_insert AFTER INSERT ON "fee_adjustments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER fee_adjustments_read_update AFTER UPDATE ON "fee_adjustments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER fee_adjustments_read_delete AFTER DELETE ON "fee_adjustments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER finance_settings_read_insert AFTER INSERT ON "finance_settings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER finance_settings_read_update AFTER UPDATE ON "finance_settings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER finance_settings_read_delete AFTER DELETE ON "finance_settings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER mpesa_configs_read_insert AFTER INSERT ON "mpesa_configs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER mpesa_configs_read_update AFTER UPDATE ON "mpesa_configs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
CREATE TRIGGER mpesa_configs_read_delete AFTER DELETE ON "mpesa_configs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('fees');
--> statement-breakpoint
-- A new school or account changes the platform admins' overview (school list, staff counts): 'all'
-- (a school's accounts) or, for a school (no school_id column), every school's entries.
CREATE TRIGGER schools_read_insert AFTER INSERT ON "schools" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
--> statement-breakpoint
CREATE TRIGGER profiles_read_insert AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_read_change('all');
