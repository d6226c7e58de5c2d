CREATE TABLE "levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"level_order" integer NOT NULL,
	"band" text NOT NULL,
	"curriculum" text NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_curriculum_check" CHECK ("levels"."curriculum" in ('CBC', 'IGCSE', '8-4-4'))
);
--> statement-breakpoint
CREATE TABLE "admission_sequences" (
	"school_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "admission_sequences_school_id_prefix_pk" PRIMARY KEY("school_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "background_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"input_file_id" uuid,
	"result_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_tasks_status_check" CHECK ("background_tasks"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "department_members" (
	"school_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	CONSTRAINT "department_members_department_id_profile_id_pk" PRIMARY KEY("department_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"head_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"from_year_id" uuid NOT NULL,
	"to_year_id" uuid NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"mapping" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "promotion_batches_status_check" CHECK ("promotion_batches"."status" in ('applied', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "student_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"started_on" date,
	"ended_on" date,
	"outcome" text,
	"promotion_batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_enrolments_outcome_check" CHECK ("student_enrolments"."outcome" is null or "student_enrolments"."outcome" in ('promoted', 'repeated', 'skipped', 'graduated', 'transferred', 'exited'))
);
--> statement-breakpoint
CREATE TABLE "student_exits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"exit_type" text NOT NULL,
	"reason" text NOT NULL,
	"exit_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"readmitted_on" date,
	"readmitted_by" uuid,
	"readmitted_class_id" uuid,
	CONSTRAINT "student_exits_type_check" CHECK ("student_exits"."exit_type" in ('withdrawal', 'completion', 'expulsion', 'death', 'other'))
);
--> statement-breakpoint
CREATE TABLE "transfer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_school_id" uuid NOT NULL,
	"to_school_id" uuid NOT NULL,
	"from_student_id" uuid NOT NULL,
	"learner" jsonb NOT NULL,
	"reason" text,
	"transfer_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"to_student_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_requests_status_check" CHECK ("transfer_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "transfer_requests_schools_check" CHECK ("transfer_requests"."from_school_id" <> "transfer_requests"."to_school_id")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"other_school_name" text NOT NULL,
	"other_school_id" uuid,
	"reason" text,
	"transfer_date" date NOT NULL,
	"leaving_certificate_number" text,
	"previous_upi" text,
	"fees_owed_cents" bigint,
	"request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_direction_check" CHECK ("transfers"."direction" in ('in', 'out'))
);
--> statement-breakpoint
DROP INDEX "guardians_school_idx";--> statement-breakpoint
ALTER TABLE "guardians" ALTER COLUMN "first_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "guardians" ALTER COLUMN "last_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "level_id" uuid;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "home_room" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "occupation" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "curricula" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "admission_number_pattern" text DEFAULT '{YYYY}/{SEQ:4}' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "assessment_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_certificate_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "boarding" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "previous_school" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "previous_upi" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "medical_notes" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "special_needs" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "leaving_reason" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "curriculum" text;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teacher_assignments" ADD COLUMN "lessons_per_week" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "is_current" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_sequences" ADD CONSTRAINT "admission_sequences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_input_file_id_files_id_fk" FOREIGN KEY ("input_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_result_file_id_files_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_head_id_profiles_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD CONSTRAINT "promotion_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD CONSTRAINT "promotion_batches_from_year_id_academic_years_id_fk" FOREIGN KEY ("from_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD CONSTRAINT "promotion_batches_to_year_id_academic_years_id_fk" FOREIGN KEY ("to_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD CONSTRAINT "promotion_batches_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD CONSTRAINT "promotion_batches_undone_by_profiles_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrolments" ADD CONSTRAINT "student_enrolments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrolments" ADD CONSTRAINT "student_enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrolments" ADD CONSTRAINT "student_enrolments_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrolments" ADD CONSTRAINT "student_enrolments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exits" ADD CONSTRAINT "student_exits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exits" ADD CONSTRAINT "student_exits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exits" ADD CONSTRAINT "student_exits_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exits" ADD CONSTRAINT "student_exits_readmitted_by_profiles_id_fk" FOREIGN KEY ("readmitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_exits" ADD CONSTRAINT "student_exits_readmitted_class_id_classes_id_fk" FOREIGN KEY ("readmitted_class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_from_school_id_schools_id_fk" FOREIGN KEY ("from_school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_to_school_id_schools_id_fk" FOREIGN KEY ("to_school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "levels_school_name_uq" ON "levels" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "levels_school_order_idx" ON "levels" USING btree ("school_id","level_order");--> statement-breakpoint
CREATE INDEX "background_tasks_school_idx" ON "background_tasks" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "department_members_profile_idx" ON "department_members" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_school_name_uq" ON "departments" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "files_school_idx" ON "files" USING btree ("school_id","kind");--> statement-breakpoint
CREATE INDEX "promotion_batches_school_idx" ON "promotion_batches" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_enrolments_student_year_uq" ON "student_enrolments" USING btree ("student_id","academic_year_id");--> statement-breakpoint
CREATE INDEX "student_enrolments_class_idx" ON "student_enrolments" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "student_enrolments_batch_idx" ON "student_enrolments" USING btree ("promotion_batch_id");--> statement-breakpoint
CREATE INDEX "student_exits_school_idx" ON "student_exits" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "student_exits_student_idx" ON "student_exits" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "transfer_requests_to_idx" ON "transfer_requests" USING btree ("to_school_id","status");--> statement-breakpoint
CREATE INDEX "transfer_requests_from_idx" ON "transfer_requests" USING btree ("from_school_id");--> statement-breakpoint
CREATE INDEX "transfers_school_idx" ON "transfers" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_student_idx" ON "transfers" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_one_current_uq" ON "academic_years" USING btree ("school_id") WHERE "academic_years"."is_current";--> statement-breakpoint
CREATE INDEX "classes_year_idx" ON "classes" USING btree ("academic_year_id","level_order");--> statement-breakpoint
-- Data of databases made before issue 10 (the demo seed and any real school): guardians get a full
-- name, and guardians sharing a phone in one school are merged into the oldest, keeping every child
-- linked, before phone becomes unique per school. Superusers bypass row-level security; other owners
-- see every school through app.all_schools for the rest of this migration.
SELECT set_config('app.all_schools', 'on', false);
--> statement-breakpoint
UPDATE "guardians" SET "name" = trim(concat_ws(' ', "first_name", "last_name")) WHERE "name" = '';
--> statement-breakpoint
INSERT INTO "student_guardians" ("school_id", "student_id", "guardian_id", "relationship", "is_primary")
SELECT sg."school_id", sg."student_id", d.keep_id, sg."relationship", sg."is_primary"
FROM "student_guardians" sg
JOIN (SELECT "id", first_value("id") OVER (PARTITION BY "school_id", "phone" ORDER BY "created_at", "id") AS keep_id FROM "guardians") d
  ON d."id" = sg."guardian_id" AND d."id" <> d.keep_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "guardians" k SET "profile_id" = d."profile_id"
FROM (SELECT "id", "profile_id", first_value("id") OVER (PARTITION BY "school_id", "phone" ORDER BY "created_at", "id") AS keep_id FROM "guardians") d
WHERE k."id" = d.keep_id AND d."id" <> d.keep_id AND k."profile_id" IS NULL AND d."profile_id" IS NOT NULL;
--> statement-breakpoint
DELETE FROM "guardians" g
USING (SELECT "id", first_value("id") OVER (PARTITION BY "school_id", "phone" ORDER BY "created_at", "id") AS keep_id FROM "guardians") d
WHERE g."id" = d."id" AND d."id" <> d.keep_id;
--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_school_phone_uq" ON "guardians" USING btree ("school_id","phone");--> statement-breakpoint
CREATE INDEX "students_school_status_name_idx" ON "students" USING btree ("school_id","status","last_name","first_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_one_current_uq" ON "terms" USING btree ("school_id") WHERE "terms"."is_current";--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_status_check" CHECK ("academic_years"."status" in ('open', 'closed'));--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_dates_check" CHECK ("academic_years"."ends_on" >= "academic_years"."starts_on");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_capacity_check" CHECK ("classes"."capacity" > 0);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_boarding_check" CHECK ("students"."boarding" in ('day', 'boarding'));--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_dates_check" CHECK ("terms"."ends_on" >= "terms"."starts_on");
--> statement-breakpoint
-- Structure of existing schools: curricula offered, one level per grade of their classes (the highest
-- is final), classes linked to levels, learning areas tagged with the school's curriculum, assignment
-- loads from the learning area, and each learner's current class as their class history for the year.
UPDATE "schools" SET "curricula" = ARRAY["curriculum"] WHERE cardinality("curricula") = 0;
--> statement-breakpoint
INSERT INTO "levels" ("school_id", "name", "level_order", "band", "curriculum", "is_final")
SELECT c."school_id", c."grade_level", min(c."level_order"), min(c."band"), s."curriculum",
       min(c."level_order") = max(max(c."level_order")) OVER (PARTITION BY c."school_id")
FROM "classes" c JOIN "schools" s ON s."id" = c."school_id"
GROUP BY c."school_id", c."grade_level", s."curriculum"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "classes" c SET "level_id" = l."id" FROM "levels" l
WHERE l."school_id" = c."school_id" AND l."name" = c."grade_level" AND c."level_id" IS NULL;
--> statement-breakpoint
UPDATE "subjects" su SET "curriculum" = s."curriculum" FROM "schools" s WHERE s."id" = su."school_id" AND su."curriculum" IS NULL;
--> statement-breakpoint
UPDATE "teacher_assignments" ta SET "lessons_per_week" = su."lessons_per_week" FROM "subjects" su WHERE su."id" = ta."subject_id";
--> statement-breakpoint
INSERT INTO "student_enrolments" ("school_id", "student_id", "academic_year_id", "class_id", "started_on")
SELECT st."school_id", st."id", c."academic_year_id", c."id", coalesce(st."admitted_on", y."starts_on")
FROM "students" st JOIN "classes" c ON c."id" = st."class_id" JOIN "academic_years" y ON y."id" = c."academic_year_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "terms" t SET "is_current" = true
FROM "academic_years" y
WHERE y."id" = t."academic_year_id" AND y."is_current"
  AND t."number" = (SELECT max(t2."number") FROM "terms" t2 WHERE t2."academic_year_id" = y."id" AND t2."starts_on" <= current_date)
  AND NOT EXISTS (SELECT 1 FROM "terms" t3 WHERE t3."school_id" = t."school_id" AND t3."is_current");
--> statement-breakpoint
-- The register's search haystack (students.search_text), kept by a trigger so every writer (API,
-- import, seed, promotion) gets it without thinking.
CREATE OR REPLACE FUNCTION students_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.first_name, NEW.middle_name, NEW.last_name, NEW.admission_number,
                                     NEW.upi, NEW.assessment_number, NEW.birth_certificate_number));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_search_text BEFORE INSERT OR UPDATE ON "students"
  FOR EACH ROW EXECUTE FUNCTION students_search_text();
--> statement-breakpoint
UPDATE "students" SET "search_text" = '';
--> statement-breakpoint
-- Admission numbers are unique in a school whatever their case (shared/admission-number.ts).
CREATE UNIQUE INDEX "students_school_admission_lower_uq" ON "students" ("school_id", lower("admission_number"));
--> statement-breakpoint
SELECT set_config('app.all_schools', '', false);
--> statement-breakpoint
-- Row-level security for the new tables (ARCHITECTURE.md wall 3): each school sees its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "levels", "departments", "department_members", "admission_sequences",
  "student_enrolments", "promotion_batches", "transfers", "transfer_requests", "student_exits", "files",
  "background_tasks" TO edufam_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['levels', 'departments', 'department_members', 'admission_sequences', 'student_enrolments',
                           'promotion_batches', 'transfers', 'student_exits', 'files', 'background_tasks']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "transfer_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "transfer_requests" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A transfer between two EduFam schools is seen by both; the sending school files it, either school
-- updates it (the receiver accepts or declines, the sender cancels).
CREATE POLICY transfer_requests_read ON "transfer_requests" FOR SELECT
  USING (app_can_see_school(from_school_id) OR app_can_see_school(to_school_id));
--> statement-breakpoint
CREATE POLICY transfer_requests_insert ON "transfer_requests" FOR INSERT
  WITH CHECK (app_can_see_school(from_school_id));
--> statement-breakpoint
CREATE POLICY transfer_requests_update ON "transfer_requests" FOR UPDATE
  USING (app_can_see_school(from_school_id) OR app_can_see_school(to_school_id))
  WITH CHECK (app_can_see_school(from_school_id) OR app_can_see_school(to_school_id));
