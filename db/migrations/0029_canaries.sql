-- A bank's canary of a candidate revision, what each turn came to by revision, and the revision and canary thresholds of a bank.
CREATE TABLE "canaries" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"candidate_revision_id" text NOT NULL,
	"current_revision_id" text NOT NULL,
	"share_percent" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_by" text,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"end_reason" text,
	"figures" jsonb,
	"evaluated_at" timestamp with time zone,
	CONSTRAINT "canaries_share" CHECK ("canaries"."share_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "turn_outcomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"revision_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"intent" text,
	"outcome" text,
	"clarifying" boolean NOT NULL,
	"handover" boolean NOT NULL,
	"fallback" boolean NOT NULL,
	"claim" boolean NOT NULL,
	"auto_approved" boolean NOT NULL,
	"reask" boolean NOT NULL,
	"latency_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "agent_revision_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "canary_thresholds" jsonb;--> statement-breakpoint
CREATE INDEX "canaries_tenant_idx" ON "canaries" USING btree ("tenant_id","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "canaries_one_open_uq" ON "canaries" USING btree ("tenant_id") WHERE "canaries"."status" in ('proposed', 'running');--> statement-breakpoint
CREATE INDEX "turn_outcomes_tenant_idx" ON "turn_outcomes" USING btree ("tenant_id","revision_id","at");--> statement-breakpoint
CREATE INDEX "turn_outcomes_thread_idx" ON "turn_outcomes" USING btree ("thread_id","id");
--> statement-breakpoint
-- A bank sees its own canaries and turn figures only.
ALTER TABLE "canaries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "canaries" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
--> statement-breakpoint
ALTER TABLE "turn_outcomes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "turn_outcomes" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
