CREATE TABLE "hub_onboarding_items" (
	"school_id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_by" uuid,
	"done_at" timestamp with time zone,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_onboarding_items_school_id_key_pk" PRIMARY KEY("school_id","key")
);
--> statement-breakpoint
CREATE TABLE "hub_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"school_id" uuid,
	"owner_id" uuid,
	"status" text DEFAULT 'planned' NOT NULL,
	"start_date" date,
	"target_date" date,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_projects_kind_check" CHECK ("hub_projects"."kind" in ('onboarding', 'internal')),
	CONSTRAINT "hub_projects_status_check" CHECK ("hub_projects"."status" in ('planned', 'active', 'on_hold', 'done')),
	CONSTRAINT "hub_projects_dates_check" CHECK ("hub_projects"."target_date" is null or "hub_projects"."start_date" is null or "hub_projects"."target_date" >= "hub_projects"."start_date")
);
--> statement-breakpoint
CREATE TABLE "hub_task_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"assignee_id" uuid,
	"status" text DEFAULT 'todo' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"due_date" date,
	"position" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_tasks_status_check" CHECK ("hub_tasks"."status" in ('todo', 'in_progress', 'blocked', 'done')),
	CONSTRAINT "hub_tasks_priority_check" CHECK ("hub_tasks"."priority" in ('low', 'normal', 'high', 'urgent'))
);
--> statement-breakpoint
ALTER TABLE "hub_onboarding_items" ADD CONSTRAINT "hub_onboarding_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_onboarding_items" ADD CONSTRAINT "hub_onboarding_items_done_by_profiles_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_projects" ADD CONSTRAINT "hub_projects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_projects" ADD CONSTRAINT "hub_projects_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_projects" ADD CONSTRAINT "hub_projects_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_task_comments" ADD CONSTRAINT "hub_task_comments_task_id_hub_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."hub_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_task_comments" ADD CONSTRAINT "hub_task_comments_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tasks" ADD CONSTRAINT "hub_tasks_project_id_hub_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."hub_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tasks" ADD CONSTRAINT "hub_tasks_assignee_id_profiles_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tasks" ADD CONSTRAINT "hub_tasks_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub_projects_school_idx" ON "hub_projects" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "hub_task_comments_task_idx" ON "hub_task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "hub_tasks_board_idx" ON "hub_tasks" USING btree ("project_id","status","position");--> statement-breakpoint
CREATE INDEX "hub_tasks_assignee_idx" ON "hub_tasks" USING btree ("assignee_id","status","due_date");--> statement-breakpoint
-- Issue 18 Project Hub: EduFam's own work board and onboarding checklists, read and written in platform
-- context only (routes need manageProjectHub, edufam_admin). Table grants come from default privileges.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['hub_projects', 'hub_tasks', 'hub_task_comments', 'hub_onboarding_items']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING ((SELECT app_platform_context())) WITH CHECK ((SELECT app_platform_context()))',
                   t || '_platform', t);
  END LOOP;
END $$;
