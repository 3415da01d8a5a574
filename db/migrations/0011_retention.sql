CREATE TABLE "checkpoint_pins" (
	"tenant_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"checkpoint_id" text NOT NULL,
	"pinned_by" text NOT NULL,
	"reason" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkpoint_pins_thread_id_checkpoint_id_pk" PRIMARY KEY("thread_id","checkpoint_id")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"placed_by" text NOT NULL,
	"reason" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" text,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retention_marks" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"mode" text NOT NULL,
	"pruned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_policies" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"idle_days" double precision,
	"mode" text,
	"message_days" double precision,
	"node_event_days" double precision,
	"session_days" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkpoint_pins" ADD CONSTRAINT "checkpoint_pins_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_marks" ADD CONSTRAINT "retention_marks_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkpoint_pins_tenant_idx" ON "checkpoint_pins" USING btree ("tenant_id","thread_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_holds_active_uq" ON "legal_holds" USING btree ("thread_id") WHERE "legal_holds"."released_at" is null;