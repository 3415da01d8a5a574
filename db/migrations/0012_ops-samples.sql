CREATE TABLE "ops_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkpoint_write_buckets" jsonb NOT NULL,
	"checkpoint_size_buckets" jsonb NOT NULL,
	"checkpoints_over_1mb" integer DEFAULT 0 NOT NULL,
	"refunds_retried" integer DEFAULT 0 NOT NULL,
	"takeovers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ops_samples_at_idx" ON "ops_samples" USING btree ("at");