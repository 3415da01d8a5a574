CREATE TABLE "handovers" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"summary" text NOT NULL,
	"reason" text NOT NULL,
	"category" text,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"answer" text,
	"closed_by" text,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_open_thread_uq" ON "handovers" USING btree ("tenant_id","thread_id") WHERE "handovers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "handovers_queue_idx" ON "handovers" USING btree ("tenant_id","status","created_at");