-- A loosening of a bank's refund policy waits for a second supervisor; each approval keeps the operator limit and four-eyes threshold it was opened under.
CREATE TABLE "tenant_policy_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"base_version" integer NOT NULL,
	"auto_approve_max_minor" integer NOT NULL,
	"operator_limit_minor" integer NOT NULL,
	"four_eyes_minor" integer NOT NULL,
	"approval_window_ms" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "operator_limit_minor" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "four_eyes_minor" integer;--> statement-breakpoint
CREATE INDEX "tenant_policy_changes_tenant_idx" ON "tenant_policy_changes" USING btree ("tenant_id","status");
--> statement-breakpoint
-- A bank sees and proposes changes to its own policy only.
ALTER TABLE "tenant_policy_changes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "tenant_policy_changes" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
