-- Counters are worth nothing after a crash (a window lasts minutes), so the table skips the write-ahead log.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expires" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- A database may already hold several profiles with one address (the API used to take it from the request body).
-- The earliest profile keeps it; the others' are cleared, each recorded in the audit trail (actor 'migration') for
-- an administrator to review, so the unique index below can be built and no row is deleted.
WITH ranked AS (
	SELECT "id", "email", row_number() OVER (PARTITION BY lower("email") ORDER BY "created_at", "id") AS n
	FROM "users" WHERE "email" <> ''
), cleared AS (
	UPDATE "users" SET "email" = '' FROM ranked WHERE "users"."id" = ranked."id" AND ranked.n > 1
	RETURNING "users"."id", ranked."email"
)
INSERT INTO "audit" ("actor", "actor_email", "entity", "entity_id", "action", "before", "after")
SELECT 'migration', '', 'user', "id", 'update', jsonb_build_object('email', "email"), jsonb_build_object('email', '')
FROM cleared;--> statement-breakpoint
DROP INDEX "users_email_lower";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';
