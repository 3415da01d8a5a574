-- The audit trail becomes tamper-evident: each tenant's rows form a hash chain computed here,
-- in the database, so no way of inserting can leave it out (db/audit-chain.ts recomputes it).
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
-- A JSON value's canonical text: no whitespace; object keys sorted by their UTF-8 bytes; strings
-- escaped as JSON (", \, \b \f \n \r \t, other control characters as \u00xx, the rest as is);
-- numbers, true, false and null as Postgres writes them in jsonb.
CREATE FUNCTION public.audit_canonical_json(v jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'object' THEN
      RETURN '{' || coalesce((SELECT string_agg(to_jsonb(e.key)::text || ':' || public.audit_canonical_json(e.value), ',' ORDER BY e.key COLLATE "C")
                                FROM jsonb_each(v) AS e), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((SELECT string_agg(public.audit_canonical_json(e.value), ',' ORDER BY e.n)
                                FROM jsonb_array_elements(v) WITH ORDINALITY AS e(value, n)), '') || ']';
    ELSE
      RETURN v::text;
  END CASE;
END
$$;
--> statement-breakpoint
-- A row's hash: SHA-256 (lower-case hex) of the UTF-8 canonical text of the JSON array
-- [tenant_id, seq, at (UTC, microseconds: 2026-01-31T09:05:00.123456Z), actor, action,
--  subject_type, subject_id, data, prev_hash].
CREATE FUNCTION public.audit_event_hash(p_tenant_id text, p_seq bigint, p_at timestamptz, p_actor text, p_action text,
  p_subject_type text, p_subject_id text, p_data jsonb, p_prev_hash text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(public.audit_canonical_json(jsonb_build_array(
    p_tenant_id, p_seq, to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), p_actor, p_action,
    p_subject_type, p_subject_id, p_data, p_prev_hash)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The rows there are, chained in id order per tenant.
DO $$
DECLARE
  r record;
  tenant text;
  n bigint;
  prev text;
BEGIN
  FOR r IN SELECT * FROM public.audit_events ORDER BY tenant_id, id LOOP
    IF tenant IS DISTINCT FROM r.tenant_id THEN
      tenant := r.tenant_id;
      n := 0;
      prev := repeat('0', 64);
    END IF;
    n := n + 1;
    UPDATE public.audit_events
       SET seq = n, prev_hash = prev,
           hash = public.audit_event_hash(r.tenant_id, n, r.at, r.actor, r.action, r.subject_type, r.subject_id, r.data, prev)
     WHERE id = r.id
    RETURNING hash INTO prev;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_uq" ON "audit_events" USING btree ("tenant_id","seq");--> statement-breakpoint
-- Every insert takes the next place in its tenant's chain, whatever it gave for seq, prev_hash
-- and hash. Inserts of one tenant wait for each other (a transaction-scoped advisory lock per
-- tenant, held until commit), so concurrent writers still form one chain; other tenants do not
-- wait. It runs as the table's owner, so a role that may only insert needs nothing more.
CREATE FUNCTION public.audit_events_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('audit_events'), hashtext(NEW.tenant_id));
  SELECT e.seq, e.hash INTO last_seq, last_hash
    FROM public.audit_events e WHERE e.tenant_id = NEW.tenant_id ORDER BY e.seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := public.audit_event_hash(NEW.tenant_id, NEW.seq, NEW.at, NEW.actor, NEW.action, NEW.subject_type, NEW.subject_id, NEW.data, NEW.prev_hash);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION public.audit_events_chain();
--> statement-breakpoint
-- History is never rewritten, whoever asks: UPDATE, DELETE and TRUNCATE are refused, to the
-- owner too. Only the owner or a superuser can switch the trigger off; the chain shows what
-- was changed meanwhile.
CREATE FUNCTION public.audit_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Audit events are only ever inserted; npm run audit:verify checks their hash chain.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION public.audit_events_refuse_change();
--> statement-breakpoint
-- Nobody calls these but the triggers (and the owner).
REVOKE ALL ON FUNCTION public.audit_canonical_json(jsonb), public.audit_event_hash(text, bigint, timestamptz, text, text, text, text, jsonb, text),
  public.audit_events_chain(), public.audit_events_refuse_change() FROM PUBLIC;
