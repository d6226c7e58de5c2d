-- 0029_guardian_recipients: issue 36 §2 (docs/decisions/0015-school-communication.md): an announcement
-- reaches every guardian of the learners concerned, with or without an account. A recipient row is an
-- account (user_id) or a guardian without one (guardian_id: SMS/e-mail only, never in the app); exactly
-- one of the two is set. The primary key (announcement_id, user_id) becomes a unique index (user_id may
-- now be null), and a partial unique index keeps a guardian once per announcement. Row-level security on
-- school_announcement_recipients is unchanged (0013, 0024: school_id).
CREATE UNIQUE INDEX "school_announcement_recipients_user_uq" ON "school_announcement_recipients" USING btree ("announcement_id","user_id");--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" DROP CONSTRAINT "school_announcement_recipients_announcement_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD COLUMN "guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD CONSTRAINT "school_announcement_recipients_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_announcement_recipients_guardian_uq" ON "school_announcement_recipients" USING btree ("announcement_id","guardian_id") WHERE "school_announcement_recipients"."guardian_id" is not null;--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD CONSTRAINT "school_announcement_recipients_one_recipient_check" CHECK (num_nonnulls("school_announcement_recipients"."user_id", "school_announcement_recipients"."guardian_id") = 1);
