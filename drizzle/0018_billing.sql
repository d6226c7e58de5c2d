-- 0018_billing: platform billing (issue 18 §1): plans, school subscriptions, term invoices with lines,
-- credit notes, payments, STK pushes to the platform paybill, and the reminder log. Money in KES cents.
CREATE TABLE "billing_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price_per_learner_cents" integer NOT NULL,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"setup_fee_cents" integer DEFAULT 0 NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_name_unique" UNIQUE("name"),
	CONSTRAINT "billing_plans_prices_check" CHECK ("billing_plans"."price_per_learner_cents" >= 0 and "billing_plans"."minimum_cents" >= 0 and "billing_plans"."setup_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_to" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "platform_credit_notes_amount_check" CHECK ("platform_credit_notes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "platform_invoice_lines_kind_check" CHECK ("platform_invoice_lines"."kind" in ('learners', 'minimum', 'module', 'setup_fee', 'discount'))
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"school_id" uuid NOT NULL,
	"subscription_id" uuid,
	"term_label" text NOT NULL,
	"snapshot_date" date NOT NULL,
	"learner_count" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"vat_rate_bps" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"credited_cents" integer DEFAULT 0 NOT NULL,
	"balance_cents" integer NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_on" date,
	"due_on" date,
	"void_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "platform_invoices_status_check" CHECK ("platform_invoices"."status" in ('draft', 'issued', 'partly_paid', 'paid', 'void')),
	CONSTRAINT "platform_invoices_money_check" CHECK ("platform_invoices"."total_cents" >= 0 and "platform_invoices"."paid_cents" >= 0 and "platform_invoices"."credited_cents" >= 0 and "platform_invoices"."balance_cents" = "platform_invoices"."total_cents" - "platform_invoices"."paid_cents" - "platform_invoices"."credited_cents")
);
--> statement-breakpoint
CREATE TABLE "platform_mpesa_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result_code" text,
	"result_desc" text,
	"mpesa_receipt" text,
	"customer_message" text,
	"payment_id" uuid,
	"raw_callback" jsonb,
	"initiated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "platform_mpesa_requests_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "platform_mpesa_requests_status_check" CHECK ("platform_mpesa_requests"."status" in ('pending', 'succeeded', 'failed', 'cancelled', 'timeout'))
);
--> statement-breakpoint
CREATE TABLE "platform_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"receipt_number" text NOT NULL,
	"phone" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "platform_payments_method_check" CHECK ("platform_payments"."method" in ('mpesa', 'bank')),
	CONSTRAINT "platform_payments_amount_check" CHECK ("platform_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "school_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"trial_ends_on" date,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"modules" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'trial' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_subscriptions_school_id_unique" UNIQUE("school_id"),
	CONSTRAINT "school_subscriptions_status_check" CHECK ("school_subscriptions"."status" in ('trial', 'active', 'arrears', 'read_only', 'cancelled')),
	CONSTRAINT "school_subscriptions_discount_check" CHECK ("school_subscriptions"."discount_percent" between 0 and 100 and "school_subscriptions"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_reminders" ADD CONSTRAINT "billing_reminders_invoice_id_platform_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."platform_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_credit_notes" ADD CONSTRAINT "platform_credit_notes_invoice_id_platform_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."platform_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_credit_notes" ADD CONSTRAINT "platform_credit_notes_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoice_lines" ADD CONSTRAINT "platform_invoice_lines_invoice_id_platform_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."platform_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_subscription_id_school_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."school_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_mpesa_requests" ADD CONSTRAINT "platform_mpesa_requests_invoice_id_platform_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."platform_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_mpesa_requests" ADD CONSTRAINT "platform_mpesa_requests_payment_id_platform_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."platform_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_mpesa_requests" ADD CONSTRAINT "platform_mpesa_requests_initiated_by_profiles_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_payments" ADD CONSTRAINT "platform_payments_invoice_id_platform_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."platform_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_payments" ADD CONSTRAINT "platform_payments_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_reminders_invoice_kind_uq" ON "billing_reminders" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "platform_credit_notes_invoice_idx" ON "platform_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "platform_invoice_lines_invoice_idx" ON "platform_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_school_term_uq" ON "platform_invoices" USING btree ("school_id","term_label");--> statement-breakpoint
CREATE INDEX "platform_invoices_status_due_idx" ON "platform_invoices" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "platform_mpesa_requests_invoice_idx" ON "platform_mpesa_requests" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "platform_mpesa_requests_pending_idx" ON "platform_mpesa_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_payments_method_reference_uq" ON "platform_payments" USING btree ("method","reference");--> statement-breakpoint
CREATE INDEX "platform_payments_invoice_idx" ON "platform_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "platform_payments_school_idx" ON "platform_payments" USING btree ("school_id","paid_at");--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3): each school sees its own billing rows (a director reads only
-- their own invoices); platform context sees all.
GRANT SELECT, INSERT, UPDATE, DELETE ON "school_subscriptions", "platform_invoices", "platform_invoice_lines", "platform_credit_notes", "platform_payments", "platform_mpesa_requests", "billing_reminders", "billing_plans" TO edufam_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['school_subscriptions', 'platform_invoices', 'platform_invoice_lines', 'platform_credit_notes', 'platform_payments', 'platform_mpesa_requests', 'billing_reminders']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (app_can_see_school(school_id)) WITH CHECK (app_can_see_school(school_id))',
                   t || '_tenant', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Plans are EduFam's own price list: platform context only (a director sees the plan name through their
-- subscription, read by the server in platform context).
ALTER TABLE "billing_plans" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "billing_plans" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "billing_plans_platform" ON "billing_plans" USING ((SELECT app_platform_context())) WITH CHECK ((SELECT app_platform_context()));
