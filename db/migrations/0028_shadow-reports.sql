-- A shadow replay's report: how a candidate revision would have answered a window of a bank's customer turns.
CREATE TABLE "shadow_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"candidate_revision_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"turns" integer NOT NULL,
	"outcomes_changed" integer NOT NULL,
	"ran_by" text NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shadow_reports_tenant_idx" ON "shadow_reports" USING btree ("tenant_id","created_at");
--> statement-breakpoint
-- A bank sees its own reports only.
ALTER TABLE "shadow_reports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "shadow_reports" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
