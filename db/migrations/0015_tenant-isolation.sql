-- The application role: neither superuser nor owner of any table, so row-level security holds for it.
-- Deployments give it LOGIN and a password (npm start does for the embedded database).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bank_app') THEN
    CREATE ROLE bank_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public, langgraph TO bank_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO bank_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA langgraph TO bank_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO bank_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO bank_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO bank_app;
--> statement-breakpoint
-- The audit trail is written, never rewritten, by the app.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM bank_app;
--> statement-breakpoint
-- Every table that holds a tenant's rows shows and takes only the rows of the tenant the
-- connection acts for (app.tenant_id, set per request and per job). Unset: no rows.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customers', 'cards', 'transactions', 'travel_notices', 'users', 'threads', 'messages', 'cases',
    'approvals', 'approval_questions', 'handovers', 'operator_notifications', 'audit_events', 'node_events',
    'retention_policies', 'checkpoint_pins', 'legal_holds', 'retention_marks']
  LOOP
    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON public.%I USING (tenant_id = current_setting(''app.tenant_id'', true)) WITH CHECK (tenant_id = current_setting(''app.tenant_id'', true))', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A session belongs to its user's tenant.
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sessions" USING (EXISTS (SELECT 1 FROM public.users u WHERE u.id = sessions.user_id)) WITH CHECK (EXISTS (SELECT 1 FROM public.users u WHERE u.id = sessions.user_id));
--> statement-breakpoint
-- Checkpoints carry no tenant: a checkpoint belongs to the tenant of its thread.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['checkpoints', 'checkpoint_blobs', 'checkpoint_writes']
  LOOP
    EXECUTE format('ALTER TABLE langgraph.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON langgraph.%I USING (EXISTS (SELECT 1 FROM public.threads th WHERE th.id = thread_id)) WITH CHECK (EXISTS (SELECT 1 FROM public.threads th WHERE th.id = thread_id))', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Sign-in and session look-ups happen before any tenant is known; these two functions are the
-- only way past row-level security, and each answers one account by its exact name or session id.
CREATE FUNCTION public.auth_user_for_sign_in(p_username text)
RETURNS TABLE (id text, tenant_id text, username text, display_name text, role text, password_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT u.id, u.tenant_id, u.username, u.display_name, u.role, u.password_hash FROM public.users u WHERE u.username = p_username $$;
--> statement-breakpoint
CREATE FUNCTION public.auth_session(p_id text)
RETURNS TABLE (expires_at timestamptz, last_seen_at timestamptz, session_role text, user_id text, tenant_id text, username text, display_name text, role text, customer_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT s.expires_at, s.last_seen_at, s.role, u.id, u.tenant_id, u.username, u.display_name, u.role, u.customer_id FROM public.sessions s JOIN public.users u ON u.id = s.user_id WHERE s.id = p_id $$;
--> statement-breakpoint
-- Background jobs run once per tenant: which tenants there are.
CREATE FUNCTION public.app_tenant_ids()
RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT tenant_id FROM public.customers UNION SELECT tenant_id FROM public.users UNION SELECT tenant_id FROM public.threads $$;
--> statement-breakpoint
-- An instance shutting down lets its leases run out at once, whichever bank each thread is of.
CREATE FUNCTION public.expire_instance_leases(p_owner text)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ UPDATE public.threads SET lease_until = now() WHERE status = 'busy' AND lease_owner = p_owner $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.auth_user_for_sign_in(text), public.auth_session(text), public.app_tenant_ids(), public.expire_instance_leases(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.auth_user_for_sign_in(text), public.auth_session(text), public.app_tenant_ids(), public.expire_instance_leases(text) TO bank_app;
