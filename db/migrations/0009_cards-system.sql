CREATE TABLE "card_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"card_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"changed" boolean NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_states" (
	"card_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"frozen_at" timestamp with time zone,
	"frozen_reason" text,
	"replacement_requested_at" timestamp with time zone,
	"replacement_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "status" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kind" text DEFAULT 'card_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_actions" ADD CONSTRAINT "card_actions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_states" ADD CONSTRAINT "card_states_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_actions_key_uq" ON "card_actions" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "card_actions_card_idx" ON "card_actions" USING btree ("tenant_id","card_id","at");