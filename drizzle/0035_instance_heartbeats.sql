-- 0035_instance_heartbeats: issue 37 §3: System Health shows the whole fleet. Each running server
-- writes one row every 10 s (its id, host, version, start, last seen and its own figures as jsonb);
-- rows unseen for 10 minutes are deleted by the writer. Additive only: older instances still serving
-- during an upgrade simply do not beat.
CREATE TABLE "instance_heartbeats" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"node_version" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "instance_heartbeats_last_seen_idx" ON "instance_heartbeats" USING btree ("last_seen_at");--> statement-breakpoint
-- Platform table, not tenant data: read and written in platform context only (withSystem), like the
-- Project Hub tables (0020). Table grants come from the default privileges (0001_rls.sql).
ALTER TABLE "instance_heartbeats" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "instance_heartbeats" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "instance_heartbeats_platform" ON "instance_heartbeats" USING ((SELECT app_platform_context())) WITH CHECK ((SELECT app_platform_context()));
