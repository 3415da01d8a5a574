ALTER TABLE "messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "messages" AS m SET "answered_at" = m."created_at"
 WHERE m."role" = 'customer' AND NOT m."queued"
   AND EXISTS (SELECT 1 FROM "messages" a WHERE a."thread_id" = m."thread_id" AND a."role" = 'agent' AND a."id" > m."id");
