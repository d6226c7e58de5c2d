ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_status_check";--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD COLUMN "sms_message_id" uuid;--> statement-breakpoint
ALTER TABLE "school_announcement_recipients" ADD CONSTRAINT "school_announcement_recipients_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_provider_message_idx" ON "sms_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "school_announcement_recipients_sms_idx" ON "school_announcement_recipients" USING btree ("sms_message_id");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'sent', 'delivered', 'failed'));