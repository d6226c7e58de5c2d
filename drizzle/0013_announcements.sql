CREATE TABLE "school_announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"sms_to" text,
	"sms_status" text,
	"sms_error" text,
	"email_to" text,
	"email_status" text,
	"email_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "school_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"channels" text[] NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"communication_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_announcements_priority_check" CHECK ("school_announcements"."priority" in ('normal', 'high', 'urgent')),
	CONSTRAINT "school_announcements_status_check" CHECK ("school_announcements"."status" in ('scheduled', 'published', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD CONSTRAINT "school_announcement_recipients_announcement_id_school_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."school_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD CONSTRAINT "school_announcement_recipients_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_announcements" ADD CONSTRAINT "school_announcements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_announcements" ADD CONSTRAINT "school_announcements_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_announcements" ADD CONSTRAINT "school_announcements_communication_id_admin_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."admin_communications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_announcement_recipients_user_idx" ON "school_announcement_recipients" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "school_announcements_school_idx" ON "school_announcements" USING btree ("school_id","publish_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "school_announcements_due_idx" ON "school_announcements" USING btree ("status","publish_at");--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3): each school sees its own rows; platform context sees all.
GRANT SELECT, INSERT, UPDATE, DELETE ON "school_announcements", "school_announcement_recipients" TO edufam_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['school_announcements', 'school_announcement_recipients']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
