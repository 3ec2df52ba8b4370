CREATE TABLE "startup_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
-- Certificates are issued when the attempt that completes a course is stored, no longer while a record is read: the
-- learners who completed a course before then and were never shown their record get theirs once, at the next start.
INSERT INTO "startup_tasks" ("name") VALUES ('issue-owed-certificates');
