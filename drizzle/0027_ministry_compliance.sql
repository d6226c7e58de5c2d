-- 0027_ministry_compliance: issue 35 §1-§4: the Ministry's institution fields on schools and KEMIS fields on
-- learners; vote heads (fee items, invoice lines, expense categories and payments allocated to them);
-- capitation rates, years and grants received; bank accounts, statement imports and their lines.
CREATE TABLE "payment_allocations" (
	"school_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"vote_head_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_vote_head_id_pk" PRIMARY KEY("payment_id","vote_head_id")
);
--> statement-breakpoint
CREATE TABLE "capitation_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"band" text NOT NULL,
	"vote_head_id" uuid NOT NULL,
	"annual_cents" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capitation_rates_band_check" CHECK ("capitation_rates"."band" in ('primary', 'junior', 'senior')),
	CONSTRAINT "capitation_rates_amount_check" CHECK ("capitation_rates"."annual_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "capitation_receipt_allocations" (
	"school_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"vote_head_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "capitation_receipt_allocations_receipt_id_vote_head_id_pk" PRIMARY KEY("receipt_id","vote_head_id"),
	CONSTRAINT "capitation_receipt_allocations_amount_check" CHECK ("capitation_receipt_allocations"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "capitation_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capitation_receipts_amount_check" CHECK ("capitation_receipts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "capitation_years" (
	"school_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"term_shares" integer[] DEFAULT '{50,30,20}'::integer[] NOT NULL,
	"count_on" date,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capitation_years_school_id_year_pk" PRIMARY KEY("school_id","year")
);
--> statement-breakpoint
CREATE TABLE "vote_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account" text DEFAULT 'operations' NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_heads_account_check" CHECK ("vote_heads"."account" in ('tuition', 'operations', 'school_fund'))
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"mapping" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"line_count" integer NOT NULL,
	"matched_count" integer NOT NULL,
	"duplicate_count" integer NOT NULL,
	"unmatched_count" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"bank_reference" text NOT NULL,
	"txn_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"narration" text,
	"status" text NOT NULL,
	"student_id" uuid,
	"payment_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" in ('matched', 'unmatched', 'allocated', 'ignored')),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_source_check";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "knec_code" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "tsc_code" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sub_county" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sub_county_code" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "ward" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "cluster" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "boarding_type" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "levels_offered" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "residence_county_code" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "residence_sub_county" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "special_needs_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "medical_condition" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sha_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "kcpe_index_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "kpsea_index_number" text;--> statement-breakpoint
ALTER TABLE "fee_structure_items" ADD COLUMN "vote_head_id" uuid;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "vote_head_rule" text DEFAULT 'priority' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vote_head_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_categories" ADD COLUMN "vote_head_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_vote_head_id_vote_heads_id_fk" FOREIGN KEY ("vote_head_id") REFERENCES "public"."vote_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_rates" ADD CONSTRAINT "capitation_rates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_rates" ADD CONSTRAINT "capitation_rates_vote_head_id_vote_heads_id_fk" FOREIGN KEY ("vote_head_id") REFERENCES "public"."vote_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_rates" ADD CONSTRAINT "capitation_rates_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_receipt_allocations" ADD CONSTRAINT "capitation_receipt_allocations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_receipt_allocations" ADD CONSTRAINT "capitation_receipt_allocations_receipt_id_capitation_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."capitation_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_receipt_allocations" ADD CONSTRAINT "capitation_receipt_allocations_vote_head_id_vote_heads_id_fk" FOREIGN KEY ("vote_head_id") REFERENCES "public"."vote_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD CONSTRAINT "capitation_receipts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD CONSTRAINT "capitation_receipts_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD CONSTRAINT "capitation_receipts_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_years" ADD CONSTRAINT "capitation_years_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitation_years" ADD CONSTRAINT "capitation_years_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_heads" ADD CONSTRAINT "vote_heads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_heads" ADD CONSTRAINT "vote_heads_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_imported_by_profiles_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_vote_head_idx" ON "payment_allocations" USING btree ("school_id","vote_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capitation_rates_uq" ON "capitation_rates" USING btree ("school_id","year","band","vote_head_id");--> statement-breakpoint
CREATE INDEX "capitation_receipt_allocations_vote_head_idx" ON "capitation_receipt_allocations" USING btree ("school_id","vote_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capitation_receipts_reference_uq" ON "capitation_receipts" USING btree ("school_id","reference");--> statement-breakpoint
CREATE INDEX "capitation_receipts_term_idx" ON "capitation_receipts" USING btree ("school_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_heads_code_uq" ON "vote_heads" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "vote_heads_school_priority_idx" ON "vote_heads" USING btree ("school_id","priority","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_uq" ON "bank_accounts" USING btree ("school_id","account_number");--> statement-breakpoint
CREATE INDEX "bank_statement_imports_school_idx" ON "bank_statement_imports" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_reference_uq" ON "bank_statement_lines" USING btree ("bank_account_id","bank_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_payment_uq" ON "bank_statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("school_id","status","txn_date");--> statement-breakpoint
ALTER TABLE "fee_structure_items" ADD CONSTRAINT "fee_structure_items_vote_head_id_vote_heads_id_fk" FOREIGN KEY ("vote_head_id") REFERENCES "public"."vote_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_vote_head_id_vote_heads_id_fk" FOREIGN KEY ("vote_head_id") REFERENCES "public"."vote_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_vote_head_id_vote_heads_id_fk" FOREIGN KEY ("vote_head_id") REFERENCES "public"."vote_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_upi_idx" ON "students" USING btree ("school_id","upi");--> statement-breakpoint
CREATE INDEX "students_birth_certificate_idx" ON "students" USING btree ("school_id","birth_certificate_number");--> statement-breakpoint
CREATE INDEX "fee_structure_items_vote_head_idx" ON "fee_structure_items" USING btree ("vote_head_id");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_boarding_type_check" CHECK ("schools"."boarding_type" in ('day', 'boarding', 'mixed'));--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_vote_head_rule_check" CHECK ("finance_settings"."vote_head_rule" in ('priority', 'proportional'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('manual', 'mpesa_stk', 'mpesa_c2b', 'mpesa_allocation', 'bank_statement'));--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3; the per-statement form of 0024): each school sees its own rows;
-- platform context sees all.
ALTER TABLE "vote_heads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "vote_heads" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "vote_heads_tenant" ON "vote_heads"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "payment_allocations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_allocations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "payment_allocations_tenant" ON "payment_allocations"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "capitation_rates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "capitation_rates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "capitation_rates_tenant" ON "capitation_rates"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "capitation_years" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "capitation_years" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "capitation_years_tenant" ON "capitation_years"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "capitation_receipts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "capitation_receipts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "capitation_receipts_tenant" ON "capitation_receipts"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "capitation_receipt_allocations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "capitation_receipt_allocations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "capitation_receipt_allocations_tenant" ON "capitation_receipt_allocations"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "bank_accounts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bank_accounts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "bank_accounts_tenant" ON "bank_accounts"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bank_statement_imports" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "bank_statement_imports_tenant" ON "bank_statement_imports"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "bank_statement_lines_tenant" ON "bank_statement_lines"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
