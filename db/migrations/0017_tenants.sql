CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"auto_approve_max_minor" integer NOT NULL,
	"operator_limit_minor" integer NOT NULL,
	"four_eyes_minor" integer NOT NULL,
	"approval_window_ms" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "tenants_limits_positive" CHECK ("tenants"."auto_approve_max_minor" > 0 and "tenants"."operator_limit_minor" > 0 and "tenants"."four_eyes_minor" > 0 and "tenants"."approval_window_ms" > 0),
	CONSTRAINT "tenants_limits_ordered" CHECK ("tenants"."auto_approve_max_minor" <= "tenants"."operator_limit_minor" and "tenants"."operator_limit_minor" <= "tenants"."four_eyes_minor")
);
--> statement-breakpoint
-- A bank reads and changes its own row only.
ALTER TABLE "tenants" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "tenants" USING (id = current_setting('app.tenant_id', true)) WITH CHECK (id = current_setting('app.tenant_id', true));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.app_tenant_ids()
RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT id FROM public.tenants UNION SELECT tenant_id FROM public.customers UNION SELECT tenant_id FROM public.users UNION SELECT tenant_id FROM public.threads $$;
