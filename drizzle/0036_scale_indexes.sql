-- Issue 37 §1 (bench/results/scale.md, 200 schools): two indexes the national-scale bench's EXPLAIN asked
-- for. Additive only, safe while older instances serve (README "Upgrading a fleet").
CREATE INDEX "fee_adjustments_invoice_idx" ON "fee_adjustments" USING btree ("invoice_id") WHERE status = 'applied';--> statement-breakpoint
CREATE INDEX "exam_marks_exam_percent_idx" ON "exam_marks" USING btree ("exam_id","school_id","percent") WHERE percent is not null;