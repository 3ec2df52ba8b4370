CREATE TABLE "course_drafts" (
	"course_id" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_drafts" ADD CONSTRAINT "course_drafts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Only what learners can see is announced: a draft course, or an archived one staying archived, changes no cache or page.
DROP TRIGGER "courses_written" ON "courses";
--> statement-breakpoint
CREATE TRIGGER "courses_inserted" AFTER INSERT ON "courses" FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "announce_course"();
--> statement-breakpoint
-- Published or archived, a course leaves the lists and the plans' pages: everything is read again.
CREATE TRIGGER "courses_updated" AFTER UPDATE ON "courses" FOR EACH ROW
  WHEN (OLD."status" = 'published' AND NEW."status" = 'published') EXECUTE FUNCTION "announce_course"();
--> statement-breakpoint
CREATE TRIGGER "courses_status_changed" AFTER UPDATE OF "status" ON "courses" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" AND 'published' IN (OLD."status", NEW."status")) EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
DROP TRIGGER "courses_deleted" ON "courses";
--> statement-breakpoint
CREATE TRIGGER "courses_deleted" AFTER DELETE ON "courses" FOR EACH ROW WHEN (OLD."status" = 'published') EXECUTE FUNCTION "announce"('catalogue', '');
