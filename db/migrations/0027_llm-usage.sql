ALTER TABLE "node_events" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "cost_micros" bigint;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "cost_currency" text;