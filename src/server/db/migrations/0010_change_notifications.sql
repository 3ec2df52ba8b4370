-- The database itself tells every server instance what changed in what they keep in memory, when the change commits and
-- whoever made it: on the channel `catalogue` (src/server/catalogue.ts) the one course a write touched, or '' for
-- everything; on the channel `users` (src/server/user-cache.ts) the user whose row changed, or '' for all. Experts'
-- results set the pass marks, so an expert's new attempt names its course, and a user becoming, ceasing to be or
-- deleted as an expert changes the whole catalogue.
CREATE FUNCTION "announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_ARGV[1]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "announce_course"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "announce_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users', OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "announce_expert_attempt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "users" WHERE "id" = NEW.user_id AND "is_expert") THEN
    PERFORM pg_notify('catalogue', NEW.course_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "courses_written" AFTER INSERT OR UPDATE ON "courses" FOR EACH ROW EXECUTE FUNCTION "announce_course"();
--> statement-breakpoint
-- A deleted course leaves the plans that named it: everything.
CREATE TRIGGER "courses_deleted" AFTER DELETE ON "courses" FOR EACH ROW EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "courses_emptied" AFTER TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "plans_written" AFTER INSERT OR UPDATE OR DELETE ON "plans" FOR EACH ROW EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "plans_emptied" AFTER TRUNCATE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "users_written" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "announce_user"();
--> statement-breakpoint
CREATE TRIGGER "users_emptied" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce"('users', '');
--> statement-breakpoint
CREATE TRIGGER "experts_changed" AFTER UPDATE OF "is_expert" ON "users" FOR EACH ROW
  WHEN (OLD."is_expert" IS DISTINCT FROM NEW."is_expert") EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "experts_deleted" AFTER DELETE ON "users" FOR EACH ROW WHEN (OLD."is_expert") EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "experts_emptied" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce"('catalogue', '');
--> statement-breakpoint
CREATE TRIGGER "attempts_of_experts" AFTER INSERT ON "attempts" FOR EACH ROW WHEN (NOT NEW."flagged") EXECUTE FUNCTION "announce_expert_attempt"();
--> statement-breakpoint
CREATE TRIGGER "attempts_emptied" AFTER TRUNCATE ON "attempts" FOR EACH STATEMENT EXECUTE FUNCTION "announce"('catalogue', '');
