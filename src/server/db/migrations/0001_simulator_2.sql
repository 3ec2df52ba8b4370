ALTER TABLE "attempts" ADD COLUMN "task" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "variant" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "components" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "weights" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "debrief" jsonb;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "log_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_expert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "attempts_course_case" ON "attempts" USING btree ("course_id","level","case_index");