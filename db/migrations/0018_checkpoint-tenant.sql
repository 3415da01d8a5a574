-- Checkpoint rows carry their thread's tenant, so row-level security reads them with a plain
-- comparison instead of looking up the thread of every row it reads (reading one checkpoint
-- touches all its channel values). A row takes its tenant from its thread, as the connection
-- writing it sees threads: for the app's role, only its own tenant's, so a row for another
-- bank's thread gets no tenant and the policy refuses it.
CREATE FUNCTION langgraph.checkpoint_row_tenant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.tenant_id := (SELECT th.tenant_id FROM public.threads th WHERE th.id = NEW.thread_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['checkpoints', 'checkpoint_blobs', 'checkpoint_writes']
  LOOP
    EXECUTE format('ALTER TABLE langgraph.%I ADD COLUMN tenant_id text', t);
    EXECUTE format('UPDATE langgraph.%I AS c SET tenant_id = th.tenant_id FROM public.threads th WHERE th.id = c.thread_id', t);
    EXECUTE format('CREATE TRIGGER checkpoint_row_tenant BEFORE INSERT OR UPDATE OF thread_id, tenant_id ON langgraph.%I FOR EACH ROW EXECUTE FUNCTION langgraph.checkpoint_row_tenant()', t);
    EXECUTE format('DROP POLICY tenant_isolation ON langgraph.%I', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON langgraph.%I USING (tenant_id = current_setting(''app.tenant_id'', true)) WITH CHECK (tenant_id = current_setting(''app.tenant_id'', true))', t);
  END LOOP;
END
$$;
