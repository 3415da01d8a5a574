-- Every change to an approval is announced on channel approval_events, so every app
-- instance on this database can update its operator queues live.
CREATE OR REPLACE FUNCTION notify_approval_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'approval_events',
    json_build_object('approvalId', NEW.id, 'tenantId', NEW.tenant_id, 'status', NEW.status, 'version', NEW.version)::text
  );
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER approvals_notify AFTER INSERT OR UPDATE ON approvals
  FOR EACH ROW EXECUTE FUNCTION notify_approval_change();
