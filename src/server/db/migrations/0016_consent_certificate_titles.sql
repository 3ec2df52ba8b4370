ALTER TABLE "certificates" ADD COLUMN "course_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;
--> statement-breakpoint
-- Certificates issued before their titles' translations were kept: the course's translated titles, where its English title is still the one on the certificate.
UPDATE "certificates" AS cert SET "course_translations" = coalesce((
  SELECT jsonb_object_agg(t.key, jsonb_build_object('title', t.value->>'title'))
  FROM jsonb_each(c."translations") AS t
  WHERE coalesce(trim(t.value->>'title'), '') <> ''
), '{}'::jsonb)
FROM "courses" AS c
WHERE c."id" = cert."course_id" AND c."title" = cert."course_title";
