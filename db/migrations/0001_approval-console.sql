CREATE TABLE "approval_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"approval_id" text NOT NULL,
	"asked_by" text NOT NULL,
	"question" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_notifications" (
	"interrupt_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"approval_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "risk" text DEFAULT 'unavailable' NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "expires_at" timestamp with time zone NOT NULL DEFAULT (now() + interval '48 hours');--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "expires_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "required_approvals" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "first_approved_role" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "approved_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_questions" ADD CONSTRAINT "approval_questions_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notifications" ADD CONSTRAINT "operator_notifications_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_questions_approval_idx" ON "approval_questions" USING btree ("approval_id","asked_at");--> statement-breakpoint
CREATE INDEX "approvals_expiry_idx" ON "approvals" USING btree ("status","expires_at");