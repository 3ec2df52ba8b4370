CREATE TABLE "assessment_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"window_id" text NOT NULL,
	"user_id" text NOT NULL,
	"case_id" text NOT NULL,
	"reason" text NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_launches" (
	"id" text PRIMARY KEY NOT NULL,
	"window_id" text NOT NULL,
	"user_id" text NOT NULL,
	"case_id" text NOT NULL,
	"level" integer NOT NULL,
	"case_index" integer NOT NULL,
	"seq" integer NOT NULL,
	"launched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_windows" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "assessment_windows" SET "starts_at" = "opened_at";--> statement-breakpoint
ALTER TABLE "assessment_windows" ADD COLUMN "learners" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "kind" text DEFAULT 'completion' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "sittings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_grants" ADD CONSTRAINT "assessment_grants_window_id_assessment_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."assessment_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_launches" ADD CONSTRAINT "assessment_launches_window_id_assessment_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."assessment_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_grants_window" ON "assessment_grants" USING btree ("window_id","user_id","case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_launches_seq" ON "assessment_launches" USING btree ("window_id","user_id","case_id","seq");