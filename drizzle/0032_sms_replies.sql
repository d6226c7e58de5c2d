-- 0032_sms_replies: issue 36 §2, §5. Replies to the school's SMS (Africa's Talking's incoming-message
-- callback), once per provider id, in the school the number belongs to (null: no school knows it,
-- platform log only); and guardians.sms_opt_out_at, set by a STOP reply or the school's switch: the
-- guardian gets no non-essential SMS (announcements, fee reminders).
CREATE TABLE "sms_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid,
	"guardian_id" uuid,
	"from_phone" text NOT NULL,
	"to_number" text,
	"text" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"provider_id" text NOT NULL,
	"link_id" text,
	"sms_message_id" uuid,
	"staff_id" uuid,
	"keyword" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "sms_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_staff_id_profiles_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_replies_provider_uq" ON "sms_replies" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sms_replies_school_idx" ON "sms_replies" USING btree ("school_id","received_at");--> statement-breakpoint
CREATE INDEX "sms_replies_staff_idx" ON "sms_replies" USING btree ("staff_id","received_at");
--> statement-breakpoint
-- Row-level security (ARCHITECTURE.md wall 3; the per-statement form of 0024): a school sees its own
-- replies; a reply of no school (null school_id) is seen in platform context only. Table grants come
-- from the default privileges (0001_rls.sql).
ALTER TABLE "sms_replies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sms_replies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sms_replies_tenant" ON "sms_replies"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
