CREATE TABLE "agent_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"components" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_revisions_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "revision_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "revision_id" text;--> statement-breakpoint
ALTER TABLE "node_events" ADD COLUMN "revision_id" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "revision_id" text;