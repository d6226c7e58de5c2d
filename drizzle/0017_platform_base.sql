CREATE TABLE "user_activity_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"role" text NOT NULL,
	"school_id" uuid,
	CONSTRAINT "user_activity_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "platform_company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kra_pin" text,
	"address" text,
	"email" text,
	"phone" text,
	"website" text,
	"paybill" text,
	"bank_name" text,
	"bank_branch" text,
	"bank_account_name" text,
	"bank_account_number" text,
	"logo_file_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_days_day_idx" ON "user_activity_days" USING btree ("day","role");--> statement-breakpoint
-- Issue 18: platform-level tables, read and written in platform context only (the access gate records
-- activity with the system scope; invoices print the company's details with the system scope).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user_activity_days', 'platform_company']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING ((SELECT app_platform_context())) WITH CHECK ((SELECT app_platform_context()))',
                   t || '_platform', t);
  END LOOP;
END $$;
