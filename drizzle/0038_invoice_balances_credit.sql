-- 0038_invoice_balances_credit: issue 37 §1. The same balances, computed in one pass instead of once per
-- invoice row. invoice_balances' learner credits (payments, plus adjustments not tied to an invoice) were
-- correlated subqueries that PostgreSQL, under row-level security, evaluated for every invoice of every
-- learner (477,300 times at 200 schools: 4.3 million buffer reads); they are now sums grouped by learner,
-- joined once, and a learner's filter still reaches them (a fee account reads its own rows only). An
-- invoice's own adjustments are one LATERAL sum instead of the same subquery written twice. Every column
-- and value is as before (the fee-collection comparison over 200 schools returns the same figures:
-- 2.7 s -> 1.4 s; one learner's invoices 3.5 ms either way).
CREATE OR REPLACE VIEW "invoice_balances" WITH (security_invoker = true) AS
WITH inv AS (
  SELECT i.id AS invoice_id, i.school_id, i.student_id, i.term_id, i.class_id, i.total_cents,
         coalesce(adj.total, 0)::bigint AS adjusted_cents,
         CASE WHEN fs.allocation_rule = 'current_term_first' AND t.is_current THEN 0 ELSE 1 END AS priority,
         t.starts_on, i.issued_on, i.invoice_number
  FROM invoices i
  JOIN terms t ON t.id = i.term_id
  LEFT JOIN finance_settings fs ON fs.school_id = i.school_id
  LEFT JOIN LATERAL (SELECT sum(a.amount_cents) AS total FROM fee_adjustments a WHERE a.invoice_id = i.id AND a.status = 'applied') adj ON true
  WHERE i.status = 'issued'
), due AS (
  SELECT inv.*, greatest(total_cents - adjusted_cents, 0)::bigint AS due_cents,
         sum(greatest(total_cents - adjusted_cents, 0)) OVER (
           PARTITION BY student_id ORDER BY priority, starts_on, issued_on, invoice_number ROWS UNBOUNDED PRECEDING
         )::bigint AS cum_cents
  FROM inv
), credit AS (
  SELECT s.id AS student_id, (coalesce(p.total, 0) + coalesce(a.total, 0))::bigint AS credit_cents
  FROM students s
  LEFT JOIN (SELECT student_id, sum(amount_cents) AS total FROM payments GROUP BY student_id) p ON p.student_id = s.id
  LEFT JOIN (SELECT student_id, sum(amount_cents) AS total FROM fee_adjustments WHERE status = 'applied' AND invoice_id IS NULL GROUP BY student_id) a ON a.student_id = s.id
)
SELECT d.invoice_id, d.school_id, d.student_id, d.term_id, d.class_id, d.total_cents, d.adjusted_cents, d.due_cents,
       greatest(0, least(d.due_cents, c.credit_cents - (d.cum_cents - d.due_cents)))::bigint AS paid_cents
FROM due d JOIN credit c ON c.student_id = d.student_id;
