-- 0028_capitation_void: issue 35 §3 (docs/decisions/0028-vote-heads-and-capitation.md): a capitation grant
-- recorded wrongly is voided with a reason (when, by whom, why), never deleted; a voided grant no longer
-- counts, and its reference may be recorded again (the unique index covers grants not voided). Row-level
-- security on capitation_receipts is unchanged (0027).
DROP INDEX "capitation_receipts_reference_uq";--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "capitation_receipts" ADD CONSTRAINT "capitation_receipts_voided_by_profiles_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capitation_receipts_reference_uq" ON "capitation_receipts" USING btree ("school_id","reference") WHERE "capitation_receipts"."voided_at" is null;
