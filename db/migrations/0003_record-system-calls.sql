ALTER TABLE "node_events" ADD COLUMN "step" integer;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "idempotency_key" text;