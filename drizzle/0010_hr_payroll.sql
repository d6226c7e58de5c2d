CREATE TABLE "leave_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"entitled_days" numeric(6, 1) NOT NULL,
	"carried_over_days" numeric(6, 1) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "leave_requests_dates_check" CHECK ("leave_requests"."end_date" >= "leave_requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"days_per_year" integer NOT NULL,
	"unit" text DEFAULT 'working_days' NOT NULL,
	"carry_over_max" integer,
	"paid" boolean DEFAULT true NOT NULL,
	"gender" text,
	"requires_document" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_types_unit_check" CHECK ("leave_types"."unit" in ('working_days', 'calendar_days')),
	CONSTRAINT "leave_types_gender_check" CHECK ("leave_types"."gender" is null or "leave_types"."gender" in ('male', 'female')),
	CONSTRAINT "leave_types_days_check" CHECK ("leave_types"."days_per_year" >= 0 and "leave_types"."days_per_year" <= 366)
);
--> statement-breakpoint
CREATE TABLE "pay_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"taxable" boolean DEFAULT true NOT NULL,
	"start_month" text NOT NULL,
	"end_month" text,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_components_kind_check" CHECK ("pay_components"."kind" in ('basic', 'allowance', 'benefit', 'deduction', 'pension', 'post_retirement_medical', 'mortgage_interest', 'adjustment')),
	CONSTRAINT "pay_components_amount_check" CHECK ("pay_components"."kind" = 'adjustment' or "pay_components"."amount_cents" >= 0),
	CONSTRAINT "pay_components_months_check" CHECK ("pay_components"."start_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and ("pay_components"."end_month" is null or ("pay_components"."end_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and "pay_components"."end_month" >= "pay_components"."start_month")))
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"basic_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"taxable_pay_cents" bigint NOT NULL,
	"nssf_cents" bigint NOT NULL,
	"shif_cents" bigint NOT NULL,
	"ahl_cents" bigint NOT NULL,
	"paye_cents" bigint NOT NULL,
	"other_deductions_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"employer_cost_cents" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"staff" jsonb NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"month" text NOT NULL,
	"pay_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"staff_count" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"paye_cents" bigint DEFAULT 0 NOT NULL,
	"nssf_cents" bigint DEFAULT 0 NOT NULL,
	"shif_cents" bigint DEFAULT 0 NOT NULL,
	"ahl_cents" bigint DEFAULT 0 NOT NULL,
	"other_deductions_cents" bigint DEFAULT 0 NOT NULL,
	"employer_cost_cents" bigint DEFAULT 0 NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" uuid,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_runs_status_check" CHECK ("payroll_runs"."status" in ('draft', 'submitted', 'approved')),
	CONSTRAINT "payroll_runs_month_check" CHECK ("payroll_runs"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"pay_day" integer DEFAULT 28 NOT NULL,
	"shif_rounding" text DEFAULT 'cents' NOT NULL,
	"nita_levy" boolean DEFAULT true NOT NULL,
	"employer_kra_pin" text,
	"nssf_employer_number" text,
	"shif_employer_number" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_documents_kind_check" CHECK ("staff_documents"."kind" in ('contract', 'certificate', 'identity', 'other'))
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"profile_id" uuid,
	"staff_number" text NOT NULL,
	"first_name" text NOT NULL,
	"other_names" text,
	"last_name" text NOT NULL,
	"national_id" text,
	"date_of_birth" date,
	"gender" text,
	"phone" text,
	"email" text,
	"kra_pin" text,
	"nssf_number" text,
	"shif_number" text,
	"tsc_number" text,
	"employer" text DEFAULT 'bom' NOT NULL,
	"employment_type" text DEFAULT 'permanent' NOT NULL,
	"department" text,
	"job_title" text NOT NULL,
	"start_date" date NOT NULL,
	"contract_end" date,
	"next_of_kin" jsonb,
	"payment_method" text DEFAULT 'bank' NOT NULL,
	"bank_name" text,
	"bank_code" text,
	"bank_branch" text,
	"bank_account" text,
	"mpesa_phone" text,
	"status" text DEFAULT 'active' NOT NULL,
	"exit_type" text,
	"exit_date" date,
	"exit_reason" text,
	"exit_clearance" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_gender_check" CHECK ("staff_members"."gender" is null or "staff_members"."gender" in ('male', 'female')),
	CONSTRAINT "staff_members_employer_check" CHECK ("staff_members"."employer" in ('tsc', 'bom')),
	CONSTRAINT "staff_members_employment_type_check" CHECK ("staff_members"."employment_type" in ('permanent', 'contract', 'part_time', 'intern')),
	CONSTRAINT "staff_members_payment_method_check" CHECK ("staff_members"."payment_method" in ('bank', 'mpesa')),
	CONSTRAINT "staff_members_status_check" CHECK ("staff_members"."status" in ('active', 'exited')),
	CONSTRAINT "staff_members_exit_type_check" CHECK ("staff_members"."exit_type" is null or "staff_members"."exit_type" in ('resignation', 'termination', 'retirement', 'contract_end', 'death'))
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_check";--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_components" ADD CONSTRAINT "pay_components_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_components" ADD CONSTRAINT "pay_components_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_components" ADD CONSTRAINT "pay_components_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_documents" ADD CONSTRAINT "staff_documents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_documents" ADD CONSTRAINT "staff_documents_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_documents" ADD CONSTRAINT "staff_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_documents" ADD CONSTRAINT "staff_documents_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_allocations_uq" ON "leave_allocations" USING btree ("staff_id","leave_type_id","year");--> statement-breakpoint
CREATE INDEX "leave_requests_school_status_idx" ON "leave_requests" USING btree ("school_id","status","start_date");--> statement-breakpoint
CREATE INDEX "leave_requests_staff_idx" ON "leave_requests" USING btree ("staff_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_school_code_uq" ON "leave_types" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "pay_components_staff_idx" ON "pay_components" USING btree ("staff_id","start_month");--> statement-breakpoint
CREATE INDEX "pay_components_school_idx" ON "pay_components" USING btree ("school_id","start_month");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_run_staff_uq" ON "payroll_lines" USING btree ("run_id","staff_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_staff_idx" ON "payroll_lines" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_school_month_uq" ON "payroll_runs" USING btree ("school_id","month");--> statement-breakpoint
CREATE INDEX "staff_documents_staff_idx" ON "staff_documents" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_school_number_uq" ON "staff_members" USING btree ("school_id","staff_number");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_profile_uq" ON "staff_members" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "staff_members_school_status_idx" ON "staff_members" USING btree ("school_id","status","last_name");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('fee_waiver', 'marks', 'payroll_run', 'leave'));--> statement-breakpoint
-- Row-level security for the HR and payroll tables (ARCHITECTURE.md wall 3): each school sees its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "staff_members", "staff_documents", "leave_types", "leave_allocations",
  "leave_requests", "pay_components", "payroll_settings", "payroll_runs", "payroll_lines" TO edufam_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['staff_members', 'staff_documents', 'leave_types', 'leave_allocations', 'leave_requests',
                           'pay_components', 'payroll_settings', 'payroll_runs', 'payroll_lines']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
