ALTER TABLE "threads" ADD COLUMN "parent_thread_id" text;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_parent_thread_id_threads_id_fk" FOREIGN KEY ("parent_thread_id") REFERENCES "public"."threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "threads_parent_idx" ON "threads" USING btree ("tenant_id","parent_thread_id");