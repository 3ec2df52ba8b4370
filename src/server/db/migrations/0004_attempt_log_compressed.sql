ALTER TABLE "attempts" ALTER COLUMN "events" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "log_gzip" text;