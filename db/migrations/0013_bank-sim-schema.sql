CREATE SCHEMA "bank_sim";
--> statement-breakpoint
ALTER TABLE "public"."card_actions" SET SCHEMA "bank_sim";
--> statement-breakpoint
ALTER TABLE "public"."card_states" SET SCHEMA "bank_sim";
--> statement-breakpoint
ALTER TABLE "public"."ledger_entries" SET SCHEMA "bank_sim";
