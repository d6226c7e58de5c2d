CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"amount_cents" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('fee_waiver'))
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_school_id_kind_pk" PRIMARY KEY("school_id","kind"),
	CONSTRAINT "document_sequences_kind_check" CHECK ("document_sequences"."kind" in ('receipt', 'invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "fee_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"invoice_id" uuid,
	"term_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"number" text,
	"status" text DEFAULT 'applied' NOT NULL,
	"effective_on" date NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_adjustments_kind_check" CHECK ("fee_adjustments"."kind" in ('credit_note', 'discount', 'bursary', 'waiver')),
	CONSTRAINT "fee_adjustments_status_check" CHECK ("fee_adjustments"."status" in ('applied', 'pending', 'rejected')),
	CONSTRAINT "fee_adjustments_amount_check" CHECK ("fee_adjustments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_structure_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_structure_items_amount_check" CHECK ("fee_structure_items"."amount_cents" > 0),
	CONSTRAINT "fee_structure_items_category_check" CHECK ("fee_structure_items"."category" in ('tuition', 'boarding', 'lunch', 'transport', 'activity', 'uniform', 'exam', 'development', 'other'))
);
--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"class_id" uuid,
	"boarding" text DEFAULT 'all' NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_structures_boarding_check" CHECK ("fee_structures"."boarding" in ('all', 'day', 'boarding'))
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"allocation_rule" text DEFAULT 'oldest_first' NOT NULL,
	"waiver_approval_cents" bigint DEFAULT 1000000 NOT NULL,
	"receipt_prefix" text DEFAULT 'RCT-' NOT NULL,
	"invoice_prefix" text DEFAULT 'INV-' NOT NULL,
	"sms_receipts" boolean DEFAULT true NOT NULL,
	"invoice_due_days" integer DEFAULT 14 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_settings_rule_check" CHECK ("finance_settings"."allocation_rule" in ('oldest_first', 'current_term_first')),
	CONSTRAINT "finance_settings_waiver_check" CHECK ("finance_settings"."waiver_approval_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_school_id_user_id_key_pk" PRIMARY KEY("school_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"item_id" uuid,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"structure_id" uuid,
	"class_id" uuid,
	"invoice_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('issued', 'cancelled')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mpesa_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"external_id" text,
	"body" jsonb NOT NULL,
	"remote_ip" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "mpesa_callbacks_kind_check" CHECK ("mpesa_callbacks"."kind" in ('stk', 'validation', 'confirmation'))
);
--> statement-breakpoint
CREATE TABLE "mpesa_configs" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"shortcode" text NOT NULL,
	"shortcode_type" text NOT NULL,
	"till_number" text,
	"environment" text DEFAULT 'simulator' NOT NULL,
	"consumer_key_enc" text,
	"consumer_secret_enc" text,
	"passkey_enc" text,
	"callback_token" text NOT NULL,
	"strict_validation" boolean DEFAULT false NOT NULL,
	"c2b_registered_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_configs_type_check" CHECK ("mpesa_configs"."shortcode_type" in ('paybill', 'till')),
	CONSTRAINT "mpesa_configs_env_check" CHECK ("mpesa_configs"."environment" in ('simulator', 'sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "mpesa_stk_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"account_reference" text NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result_code" text,
	"result_desc" text,
	"mpesa_receipt" text,
	"payment_id" uuid,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"query_attempts" integer DEFAULT 0 NOT NULL,
	"last_query_at" timestamp with time zone,
	CONSTRAINT "mpesa_stk_status_check" CHECK ("mpesa_stk_requests"."status" in ('pending', 'succeeded', 'failed', 'cancelled', 'timeout')),
	CONSTRAINT "mpesa_stk_amount_check" CHECK ("mpesa_stk_requests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "mpesa_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"source" text NOT NULL,
	"trans_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"msisdn" text,
	"payer_name" text,
	"bill_ref" text,
	"trans_time" timestamp with time zone NOT NULL,
	"shortcode" text,
	"status" text NOT NULL,
	"student_id" uuid,
	"payment_id" uuid,
	"callback_id" uuid,
	"stk_request_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_transactions_source_check" CHECK ("mpesa_transactions"."source" in ('stk', 'c2b')),
	CONSTRAINT "mpesa_transactions_status_check" CHECK ("mpesa_transactions"."status" in ('matched', 'unmatched', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"paid_on" date NOT NULL,
	"receipt_number" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"mpesa_transaction_id" uuid,
	"payer_name" text,
	"payer_phone" text,
	"notes" text,
	"reverses_payment_id" uuid,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'reversal')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'bank_deposit', 'cheque', 'mpesa', 'bank_transfer')),
	CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('manual', 'mpesa_stk', 'mpesa_c2b', 'mpesa_allocation')),
	CONSTRAINT "payments_amount_sign_check" CHECK (("payments"."kind" = 'payment' and "payments"."amount_cents" > 0 and "payments"."receipt_number" is not null) or ("payments"."kind" = 'reversal' and "payments"."amount_cents" < 0 and "payments"."reverses_payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"cost_cents" integer,
	"error" text,
	"student_id" uuid,
	"task_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('receipt', 'reminder', 'other'))
);
--> statement-breakpoint
CREATE TABLE "student_fee_options" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_fee_options_student_id_item_key_pk" PRIMARY KEY("student_id","item_key")
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structure_items" ADD CONSTRAINT "fee_structure_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structure_items" ADD CONSTRAINT "fee_structure_items_structure_id_fee_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_structure_id_fee_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_callbacks" ADD CONSTRAINT "mpesa_callbacks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_configs" ADD CONSTRAINT "mpesa_configs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_configs" ADD CONSTRAINT "mpesa_configs_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_transactions" ADD CONSTRAINT "mpesa_transactions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_transactions" ADD CONSTRAINT "mpesa_transactions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_transactions" ADD CONSTRAINT "mpesa_transactions_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_options" ADD CONSTRAINT "student_fee_options_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_fee_options" ADD CONSTRAINT "student_fee_options_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_school_status_idx" ON "approvals" USING btree ("school_id","status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_subject_uq" ON "approvals" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "fee_adjustments_student_idx" ON "fee_adjustments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "fee_adjustments_school_idx" ON "fee_adjustments" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_adjustments_number_uq" ON "fee_adjustments" USING btree ("school_id","number");--> statement-breakpoint
CREATE INDEX "fee_structure_items_structure_idx" ON "fee_structure_items" USING btree ("structure_id");--> statement-breakpoint
CREATE INDEX "fee_structures_term_idx" ON "fee_structures" USING btree ("school_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structures_scope_uq" ON "fee_structures" USING btree ("term_id","level_id",coalesce("class_id", '00000000-0000-0000-0000-000000000000'::uuid),"boarding");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("school_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_student_term_uq" ON "invoices" USING btree ("student_id","term_id") WHERE "invoices"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_school_term_idx" ON "invoices" USING btree ("school_id","term_id");--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "mpesa_callbacks_school_idx" ON "mpesa_callbacks" USING btree ("school_id","received_at");--> statement-breakpoint
CREATE INDEX "mpesa_callbacks_external_idx" ON "mpesa_callbacks" USING btree ("school_id","external_id");--> statement-breakpoint
CREATE INDEX "mpesa_callbacks_unprocessed_idx" ON "mpesa_callbacks" USING btree ("received_at") WHERE "mpesa_callbacks"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_configs_shortcode_uq" ON "mpesa_configs" USING btree ("shortcode");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_configs_token_uq" ON "mpesa_configs" USING btree ("callback_token");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_stk_checkout_uq" ON "mpesa_stk_requests" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE INDEX "mpesa_stk_student_idx" ON "mpesa_stk_requests" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "mpesa_stk_pending_idx" ON "mpesa_stk_requests" USING btree ("created_at") WHERE "mpesa_stk_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_transactions_stk_uq" ON "mpesa_transactions" USING btree ("stk_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_transactions_trans_uq" ON "mpesa_transactions" USING btree ("school_id","trans_id");--> statement-breakpoint
CREATE INDEX "mpesa_transactions_school_time_idx" ON "mpesa_transactions" USING btree ("school_id","trans_time");--> statement-breakpoint
CREATE INDEX "mpesa_transactions_status_idx" ON "mpesa_transactions" USING btree ("school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_uq" ON "payments" USING btree ("school_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_mpesa_uq" ON "payments" USING btree ("mpesa_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_uq" ON "payments" USING btree ("reverses_payment_id");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_school_day_idx" ON "payments" USING btree ("school_id","paid_on");--> statement-breakpoint
CREATE INDEX "sms_messages_school_idx" ON "sms_messages" USING btree ("school_id","created_at");--> statement-breakpoint
-- Row-level security for the fees and M-Pesa tables (ARCHITECTURE.md wall 3): each school sees its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "finance_settings", "document_sequences", "fee_structures", "fee_structure_items",
  "student_fee_options", "invoices", "invoice_lines", "fee_adjustments", "payments", "idempotency_keys", "approvals",
  "mpesa_configs", "mpesa_callbacks", "mpesa_stk_requests", "mpesa_transactions", "sms_messages" TO edufam_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['finance_settings', 'document_sequences', 'fee_structures', 'fee_structure_items',
                           'student_fee_options', 'invoices', 'invoice_lines', 'fee_adjustments', 'payments',
                           'idempotency_keys', 'approvals', 'mpesa_configs', 'mpesa_callbacks', 'mpesa_stk_requests',
                           'mpesa_transactions', 'sms_messages']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- What each live invoice has had paid against it (issue 11 §2 "Payments are allocated to the oldest
-- unpaid invoice first (rule configurable)"). A learner's credits (every payment, reversals negative,
-- plus adjustments not tied to an invoice) settle their invoices in the school's order: oldest term
-- first, or the current term first (finance_settings.allocation_rule). Adjustments tied to an invoice
-- reduce that invoice's own amount due. Derived, never stored, so a reversal or a late payment can
-- never leave a stale allocation behind. security_invoker: row-level security of the caller applies.
CREATE VIEW "invoice_balances" WITH (security_invoker = true) AS
WITH inv AS (
  SELECT i.id AS invoice_id, i.school_id, i.student_id, i.term_id, i.class_id, i.total_cents,
         coalesce((SELECT sum(a.amount_cents) FROM fee_adjustments a WHERE a.invoice_id = i.id AND a.status = 'applied'), 0)::bigint AS adjusted_cents,
         CASE WHEN fs.allocation_rule = 'current_term_first' AND t.is_current THEN 0 ELSE 1 END AS priority,
         t.starts_on, i.issued_on, i.invoice_number
  FROM invoices i
  JOIN terms t ON t.id = i.term_id
  LEFT JOIN finance_settings fs ON fs.school_id = i.school_id
  WHERE i.status = 'issued'
), due AS (
  SELECT inv.*, greatest(total_cents - adjusted_cents, 0)::bigint AS due_cents,
         sum(greatest(total_cents - adjusted_cents, 0)) OVER (
           PARTITION BY student_id ORDER BY priority, starts_on, issued_on, invoice_number ROWS UNBOUNDED PRECEDING
         )::bigint AS cum_cents
  FROM inv
), credit AS (
  SELECT s.id AS student_id,
         (coalesce((SELECT sum(p.amount_cents) FROM payments p WHERE p.student_id = s.id), 0)
          + coalesce((SELECT sum(a.amount_cents) FROM fee_adjustments a
                      WHERE a.student_id = s.id AND a.status = 'applied' AND a.invoice_id IS NULL), 0))::bigint AS credit_cents
  FROM students s
)
SELECT d.invoice_id, d.school_id, d.student_id, d.term_id, d.class_id, d.total_cents, d.adjusted_cents, d.due_cents,
       greatest(0, least(d.due_cents, c.credit_cents - (d.cum_cents - d.due_cents)))::bigint AS paid_cents
FROM due d JOIN credit c ON c.student_id = d.student_id;
--> statement-breakpoint
-- A learner's running totals (positive balance = owed). Arrears and overpayments carry across terms.
CREATE VIEW "student_balances" WITH (security_invoker = true) AS
SELECT s.id AS student_id, s.school_id,
       coalesce(inv.total, 0)::bigint AS invoiced_cents,
       coalesce(adj.total, 0)::bigint AS adjusted_cents,
       coalesce(pay.total, 0)::bigint AS paid_cents,
       (coalesce(inv.total, 0) - coalesce(adj.total, 0) - coalesce(pay.total, 0))::bigint AS balance_cents,
       pay.last_paid_on
FROM students s
LEFT JOIN LATERAL (SELECT sum(i.total_cents) AS total FROM invoices i WHERE i.student_id = s.id AND i.status = 'issued') inv ON true
LEFT JOIN LATERAL (SELECT sum(a.amount_cents) AS total FROM fee_adjustments a WHERE a.student_id = s.id AND a.status = 'applied') adj ON true
LEFT JOIN LATERAL (SELECT sum(p.amount_cents) AS total, max(p.paid_on) FILTER (WHERE p.kind = 'payment') AS last_paid_on
                   FROM payments p WHERE p.student_id = s.id) pay ON true;
--> statement-breakpoint
GRANT SELECT ON "invoice_balances", "student_balances" TO edufam_app;
--> statement-breakpoint
-- Paybill accounts are matched to admission numbers with case, spaces and punctuation ignored
-- (apply.service.ts learnersForAccount): that form as a stored column, indexed per school.
ALTER TABLE "students" ADD COLUMN "account_key" text GENERATED ALWAYS AS (regexp_replace(upper(admission_number), '[^A-Z0-9]', '', 'g')) STORED;
--> statement-breakpoint
CREATE INDEX "students_account_key_idx" ON "students" USING btree ("school_id","account_key");
