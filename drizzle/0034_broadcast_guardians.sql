-- 0034_broadcast_guardians: issue 36 §2: a teacher's message to the parents of a stream reaches every
-- guardian: parent accounts in the app, guardians without an account by SMS (and e-mail where known).
-- One row per person reached (an account or a guardian, exactly one, once per broadcast) with the
-- channel and its delivery status; an SMS row points at its sms_messages log row.
CREATE TABLE "conversation_broadcast_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"user_id" uuid,
	"guardian_id" uuid,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"sms_to" text,
	"sms_message_id" uuid,
	"email_to" text,
	"email_status" text,
	"email_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_broadcast_recipients_one_check" CHECK (num_nonnulls("conversation_broadcast_recipients"."user_id", "conversation_broadcast_recipients"."guardian_id") = 1),
	CONSTRAINT "conversation_broadcast_recipients_channel_check" CHECK ("conversation_broadcast_recipients"."channel" in ('app', 'sms', 'email')),
	CONSTRAINT "conversation_broadcast_recipients_status_check" CHECK ("conversation_broadcast_recipients"."status" in ('queued', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" ADD CONSTRAINT "conversation_broadcast_recipients_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" ADD CONSTRAINT "conversation_broadcast_recipients_broadcast_id_conversation_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."conversation_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" ADD CONSTRAINT "conversation_broadcast_recipients_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" ADD CONSTRAINT "conversation_broadcast_recipients_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" ADD CONSTRAINT "conversation_broadcast_recipients_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_broadcast_recipients_user_uq" ON "conversation_broadcast_recipients" USING btree ("broadcast_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_broadcast_recipients_guardian_uq" ON "conversation_broadcast_recipients" USING btree ("broadcast_id","guardian_id");--> statement-breakpoint
CREATE INDEX "conversation_broadcast_recipients_school_idx" ON "conversation_broadcast_recipients" USING btree ("school_id");--> statement-breakpoint
-- Row-level security like the school tables (0024 fast form): each school sees its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "conversation_broadcast_recipients" TO edufam_app;--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversation_broadcast_recipients" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "conversation_broadcast_recipients_tenant" ON "conversation_broadcast_recipients"
  USING ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()))
  WITH CHECK ((SELECT app_all_schools()) OR "school_id" = (SELECT app_school_id()));
