CREATE TABLE "learner_balances" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"invoiced_cents" bigint DEFAULT 0 NOT NULL,
	"adjusted_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"last_paid_on" date
);
--> statement-breakpoint
ALTER TABLE "learner_balances" ADD CONSTRAINT "learner_balances_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_balances" ADD CONSTRAINT "learner_balances_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_balances_school_idx" ON "learner_balances" USING btree ("school_id");--> statement-breakpoint
-- 0039_learner_balances: issue 37 §1, "balances kept with each payment" (decision 0034). A learner's
-- invoiced, adjusted and paid totals are stored in learner_balances and changed by every statement that
-- writes invoices, fee_adjustments or payments, in that statement: statement-level triggers (one call for
-- a bulk write such as billing 40,000 learners) pass each row's contribution to
-- app_learner_balances_apply, which adds the per-learner difference with INSERT ... ON CONFLICT DO UPDATE
-- in learner order. Adding differences under the row's lock is what keeps two concurrent payments for one
-- learner both counted: recomputing sums inside the trigger would not be (each transaction's snapshot
-- sees only its own payment, and the later commit would overwrite the earlier).
-- student_balances keeps its columns and now reads this table; the sums it used to compute stay as
-- student_balances_computed, for the nightly reconciliation (fees/learner-balances.service.ts).
GRANT SELECT, INSERT, UPDATE, DELETE ON "learner_balances" TO edufam_app;--> statement-breakpoint
ALTER TABLE "learner_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "learner_balances" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "learner_balances_tenant" ON "learner_balances"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
--> statement-breakpoint
-- Adds contributions (one element per written row; any sign; a NULL array counts as zeros) to the learners' rows. A learner's row
-- is created by their first contribution; zero differences touch nothing (no lock taken). last_paid_on
-- only moves forward here (a new payment); the UPDATE/DELETE triggers of payments read it again.
CREATE OR REPLACE FUNCTION app_learner_balances_apply(
  student uuid[], school uuid[], invoiced bigint[], adjusted bigint[], paid bigint[], paid_on date[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO learner_balances AS b (student_id, school_id, invoiced_cents, adjusted_cents, paid_cents, last_paid_on)
  SELECT c.student_id, c.school_id, coalesce(sum(c.invoiced), 0)::bigint, coalesce(sum(c.adjusted), 0)::bigint, coalesce(sum(c.paid), 0)::bigint, max(c.paid_on)
  FROM unnest(student, school, invoiced, adjusted, paid, paid_on) AS c(student_id, school_id, invoiced, adjusted, paid, paid_on)
  WHERE c.student_id IS NOT NULL
  GROUP BY c.student_id, c.school_id
  HAVING sum(c.invoiced) <> 0 OR sum(c.adjusted) <> 0 OR sum(c.paid) <> 0 OR max(c.paid_on) IS NOT NULL
  ORDER BY c.student_id
  ON CONFLICT (student_id) DO UPDATE SET
    invoiced_cents = b.invoiced_cents + excluded.invoiced_cents,
    adjusted_cents = b.adjusted_cents + excluded.adjusted_cents,
    paid_cents = b.paid_cents + excluded.paid_cents,
    last_paid_on = greatest(b.last_paid_on, excluded.last_paid_on)
$$;
--> statement-breakpoint
-- invoices: an issued invoice's total counts; cancelling it takes it out; a charge added to it
-- (charges.repository.ts) changes the total.
CREATE OR REPLACE FUNCTION app_learner_balances_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_learner_balances_apply(array_agg(n.student_id), array_agg(n.school_id),
      array_agg(CASE WHEN n.status = 'issued' THEN n.total_cents ELSE 0 END), NULL, NULL, NULL)
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_learner_balances_apply(array_agg(o.student_id), array_agg(o.school_id),
      array_agg(CASE WHEN o.status = 'issued' THEN -o.total_cents ELSE 0 END), NULL, NULL, NULL)
    FROM old_rows o;
  ELSE
    PERFORM app_learner_balances_apply(array_agg(c.student_id), array_agg(c.school_id), array_agg(c.invoiced), NULL, NULL, NULL)
    FROM (
      SELECT x.student_id, x.school_id, x.invoiced FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (o.student_id, o.school_id, CASE WHEN o.status = 'issued' THEN -o.total_cents ELSE 0 END),
        (n.student_id, n.school_id, CASE WHEN n.status = 'issued' THEN n.total_cents ELSE 0 END)
      ) AS x(student_id, school_id, invoiced)
      WHERE (o.student_id, o.status, o.total_cents) IS DISTINCT FROM (n.student_id, n.status, n.total_cents)
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- fee_adjustments: an applied adjustment (bursary, discount, waiver, credit note) counts; pending,
-- rejected or reversed ones do not.
CREATE OR REPLACE FUNCTION app_learner_balances_adjustments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_learner_balances_apply(array_agg(n.student_id), array_agg(n.school_id), NULL,
      array_agg(CASE WHEN n.status = 'applied' THEN n.amount_cents ELSE 0 END), NULL, NULL)
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_learner_balances_apply(array_agg(o.student_id), array_agg(o.school_id), NULL,
      array_agg(CASE WHEN o.status = 'applied' THEN -o.amount_cents ELSE 0 END), NULL, NULL)
    FROM old_rows o;
  ELSE
    PERFORM app_learner_balances_apply(array_agg(c.student_id), array_agg(c.school_id), NULL, array_agg(c.adjusted), NULL, NULL)
    FROM (
      SELECT x.student_id, x.school_id, x.adjusted FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (o.student_id, o.school_id, CASE WHEN o.status = 'applied' THEN -o.amount_cents ELSE 0 END),
        (n.student_id, n.school_id, CASE WHEN n.status = 'applied' THEN n.amount_cents ELSE 0 END)
      ) AS x(student_id, school_id, adjusted)
      WHERE (o.student_id, o.status, o.amount_cents) IS DISTINCT FROM (n.student_id, n.status, n.amount_cents)
    ) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- payments: every payment adds its amount and a reversal (a negative payment) takes it back; the latest
-- payment date moves forward with each payment. Payments are append-only in the app (a reversal is a new
-- row; the data-protection anonymisation changes names and notes only), so an UPDATE or DELETE that
-- changes an amount, a learner, a date or a kind is rare: it adds the difference and reads the learner's
-- latest payment date again.
CREATE OR REPLACE FUNCTION app_learner_balances_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_learner_balances_apply(array_agg(n.student_id), array_agg(n.school_id), NULL, NULL,
      array_agg(n.amount_cents), array_agg(CASE WHEN n.kind = 'payment' THEN n.paid_on END))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_learner_balances_apply(array_agg(o.student_id), array_agg(o.school_id), NULL, NULL, array_agg(-o.amount_cents), NULL)
    FROM old_rows o;
    UPDATE learner_balances b SET last_paid_on = (
      SELECT max(p.paid_on) FROM payments p WHERE p.student_id = b.student_id AND p.kind = 'payment'
    ) WHERE b.student_id IN (SELECT o.student_id FROM old_rows o);
  ELSE
    PERFORM app_learner_balances_apply(array_agg(c.student_id), array_agg(c.school_id), NULL, NULL, array_agg(c.paid), NULL)
    FROM (
      SELECT x.student_id, x.school_id, x.paid FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.student_id, o.school_id, -o.amount_cents), (n.student_id, n.school_id, n.amount_cents)) AS x(student_id, school_id, paid)
      WHERE (o.student_id, o.amount_cents, o.paid_on, o.kind) IS DISTINCT FROM (n.student_id, n.amount_cents, n.paid_on, n.kind)
    ) c;
    UPDATE learner_balances b SET last_paid_on = (
      SELECT max(p.paid_on) FROM payments p WHERE p.student_id = b.student_id AND p.kind = 'payment'
    ) WHERE b.student_id IN (
      SELECT x.student_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.student_id), (n.student_id)) AS x(student_id)
      WHERE (o.student_id, o.amount_cents, o.paid_on, o.kind) IS DISTINCT FROM (n.student_id, n.amount_cents, n.paid_on, n.kind)
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_balance_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_balance_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_balance_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_invoices();
--> statement-breakpoint
CREATE TRIGGER fee_adjustments_balance_insert AFTER INSERT ON "fee_adjustments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_adjustments();
--> statement-breakpoint
CREATE TRIGGER fee_adjustments_balance_update AFTER UPDATE ON "fee_adjustments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_adjustments();
--> statement-breakpoint
CREATE TRIGGER fee_adjustments_balance_delete AFTER DELETE ON "fee_adjustments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_adjustments();
--> statement-breakpoint
CREATE TRIGGER payments_balance_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_payments();
--> statement-breakpoint
CREATE TRIGGER payments_balance_update AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_payments();
--> statement-breakpoint
CREATE TRIGGER payments_balance_delete AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_learner_balances_payments();
--> statement-breakpoint
-- The sums student_balances computed until now (drizzle/0006_fees.sql) stay, under another name and with
-- their grant, for the reconciliation; student_balances is made anew below. No other view reads it.
ALTER VIEW "student_balances" RENAME TO "student_balances_computed";
--> statement-breakpoint
-- Today's balances stored. Superusers bypass row-level security; other owners see every school through
-- app.all_schools until it is switched off below (as drizzle/0004 does).
SELECT set_config('app.all_schools', 'on', false);
--> statement-breakpoint
INSERT INTO "learner_balances" (student_id, school_id, invoiced_cents, adjusted_cents, paid_cents, last_paid_on)
SELECT student_id, school_id, invoiced_cents, adjusted_cents, paid_cents, last_paid_on FROM "student_balances_computed"
WHERE invoiced_cents <> 0 OR adjusted_cents <> 0 OR paid_cents <> 0 OR last_paid_on IS NOT NULL;
--> statement-breakpoint
SELECT set_config('app.all_schools', '', false);
--> statement-breakpoint
-- Same columns as before, read from the stored row (a learner with no fee activity reads zeros).
CREATE VIEW "student_balances" WITH (security_invoker = true) AS
SELECT s.id AS student_id, s.school_id,
       coalesce(b.invoiced_cents, 0)::bigint AS invoiced_cents,
       coalesce(b.adjusted_cents, 0)::bigint AS adjusted_cents,
       coalesce(b.paid_cents, 0)::bigint AS paid_cents,
       (coalesce(b.invoiced_cents, 0) - coalesce(b.adjusted_cents, 0) - coalesce(b.paid_cents, 0))::bigint AS balance_cents,
       b.last_paid_on
FROM students s
LEFT JOIN learner_balances b ON b.student_id = s.id;
--> statement-breakpoint
GRANT SELECT ON "student_balances" TO edufam_app;
