CREATE TABLE "assessment_windows" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"course_id" text NOT NULL,
	"group_id" text,
	"opened_by" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "assessment_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "assessment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_windows" ADD CONSTRAINT "assessment_windows_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_windows_code" ON "assessment_windows" USING btree ("code");--> statement-breakpoint
CREATE INDEX "assessment_windows_course" ON "assessment_windows" USING btree ("course_id","expires_at");