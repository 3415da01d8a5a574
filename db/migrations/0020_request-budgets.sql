CREATE TABLE "request_budgets" (
	"tenant_id" text,
	"budget" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "request_budgets_window_key" UNIQUE NULLS NOT DISTINCT("tenant_id","budget","subject","window_start")
);
--> statement-breakpoint
ALTER TABLE "ops_samples" ADD COLUMN "rate_limited" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "request_budgets_window_end_idx" ON "request_budgets" USING btree ("window_end");--> statement-breakpoint
-- A customer's budgets are their bank's rows, shown and written only to work acting for that
-- bank. An address's budget belongs to no bank: only work acting for no tenant (a request
-- before its session is read, a job between tenants) sees and writes it.
ALTER TABLE "request_budgets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "request_budgets" USING (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')) WITH CHECK (tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), ''));
