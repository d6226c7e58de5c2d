CREATE TABLE "ussd_guardian_pins" (
	"guardian_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"pin_hash" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failed_on" date,
	"locked_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"state" jsonb NOT NULL,
	"last_text" text,
	"last_screen" text,
	"pay_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ussd_guardian_pins" ADD CONSTRAINT "ussd_guardian_pins_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ussd_guardian_pins" ADD CONSTRAINT "ussd_guardian_pins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ussd_sessions_expires_idx" ON "ussd_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3; the per-statement form of 0024): a school sees its guardians' USSD PINs; platform context
-- sees all. ussd_sessions has no school (the caller may not have chosen one) and is read in system
-- context only. Table grants come from the default privileges (0001_rls.sql).
ALTER TABLE "ussd_guardian_pins" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ussd_guardian_pins" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "ussd_guardian_pins_tenant" ON "ussd_guardian_pins"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
