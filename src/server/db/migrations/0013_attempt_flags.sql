ALTER TABLE "attempts" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "attempts" SET "flags" = '["rate"]'::jsonb WHERE "flagged";
