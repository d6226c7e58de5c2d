CREATE TABLE "timetable_bell_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"level_id" uuid,
	"days" jsonb NOT NULL,
	"periods" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_feed_tokens" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "timetable_fixed_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"label" text NOT NULL,
	"day" integer NOT NULL,
	"period" integer NOT NULL,
	"level_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_fixed_slots_slot_check" CHECK ("timetable_fixed_slots"."day" between 0 and 5 and "timetable_fixed_slots"."period" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timetable_lesson_options" (
	"assignment_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"double_lessons" integer DEFAULT 0 NOT NULL,
	"room_type" text,
	"room_id" uuid,
	"combine_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_lesson_options_doubles_check" CHECK ("timetable_lesson_options"."double_lessons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timetable_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"problem" jsonb NOT NULL,
	"report" jsonb,
	"meta" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_problems_source_check" CHECK ("timetable_problems"."source" in ('school', 'fet'))
);
--> statement-breakpoint
CREATE TABLE "timetable_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'classroom' NOT NULL,
	"capacity" integer DEFAULT 45 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"unavailable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_rooms_capacity_check" CHECK ("timetable_rooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "timetable_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_rules_weight_check" CHECK ("timetable_rules"."weight" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "timetable_teacher_unavailability" (
	"teacher_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"problem_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"level_id" uuid,
	"based_on_id" uuid,
	"task_id" uuid,
	"seed" integer,
	"soft_score" integer DEFAULT 0 NOT NULL,
	"lessons" jsonb NOT NULL,
	"unplaced" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetables_status_check" CHECK ("timetables"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "background_tasks" DROP CONSTRAINT "background_tasks_status_check";--> statement-breakpoint
ALTER TABLE "background_tasks" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timetable_bell_schedules" ADD CONSTRAINT "timetable_bell_schedules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_bell_schedules" ADD CONSTRAINT "timetable_bell_schedules_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_bell_schedules" ADD CONSTRAINT "timetable_bell_schedules_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_feed_tokens" ADD CONSTRAINT "timetable_feed_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_feed_tokens" ADD CONSTRAINT "timetable_feed_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_fixed_slots" ADD CONSTRAINT "timetable_fixed_slots_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_fixed_slots" ADD CONSTRAINT "timetable_fixed_slots_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lesson_options" ADD CONSTRAINT "timetable_lesson_options_assignment_id_teacher_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."teacher_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lesson_options" ADD CONSTRAINT "timetable_lesson_options_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lesson_options" ADD CONSTRAINT "timetable_lesson_options_room_id_timetable_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."timetable_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_problems" ADD CONSTRAINT "timetable_problems_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_problems" ADD CONSTRAINT "timetable_problems_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_rooms" ADD CONSTRAINT "timetable_rooms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_rules" ADD CONSTRAINT "timetable_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_teacher_unavailability" ADD CONSTRAINT "timetable_teacher_unavailability_teacher_id_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_teacher_unavailability" ADD CONSTRAINT "timetable_teacher_unavailability_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_problem_id_timetable_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."timetable_problems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_task_id_background_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."background_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_published_by_profiles_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_bell_level_uq" ON "timetable_bell_schedules" USING btree ("school_id",coalesce("level_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "timetable_fixed_slots_school_idx" ON "timetable_fixed_slots" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "timetable_problems_school_idx" ON "timetable_problems" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_rooms_name_uq" ON "timetable_rooms" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "timetable_rules_school_idx" ON "timetable_rules" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "timetables_school_idx" ON "timetables" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timetables_one_published_uq" ON "timetables" USING btree ("school_id") WHERE "timetables"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "timetables_version_uq" ON "timetables" USING btree ("school_id","version");--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_status_check" CHECK ("background_tasks"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled'));--> statement-breakpoint
-- Row-level security for the timetable tables (ARCHITECTURE.md wall 3): each school sees its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "timetable_bell_schedules", "timetable_fixed_slots", "timetable_rooms",
  "timetable_lesson_options", "timetable_teacher_unavailability", "timetable_rules", "timetable_problems",
  "timetables", "timetable_feed_tokens" TO edufam_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['timetable_bell_schedules', 'timetable_fixed_slots', 'timetable_rooms',
                           'timetable_lesson_options', 'timetable_teacher_unavailability', 'timetable_rules',
                           'timetable_problems', 'timetables', 'timetable_feed_tokens']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
