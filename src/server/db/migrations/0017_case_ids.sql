-- Modules and cases get ids of their own, so moving one no longer moves learners' results onto another.
-- The ids of what exists are made from its place today ('m2', 'm2c3': module 2, case 3), as attempts name it.
UPDATE "courses" SET "levels" = coalesce((
  SELECT jsonb_agg(
    l.value || jsonb_build_object('id', 'm' || l.i, 'cases', coalesce((
      SELECT jsonb_agg(c.value || jsonb_build_object('id', 'm' || l.i || 'c' || c.j) ORDER BY c.j)
      FROM jsonb_array_elements(l.value->'cases') WITH ORDINALITY AS c(value, j)
    ), '[]'::jsonb))
    ORDER BY l.i
  )
  FROM jsonb_array_elements("levels") WITH ORDINALITY AS l(value, i)
), '[]'::jsonb);--> statement-breakpoint
-- A draft's modules and cases by place too, as the editor kept them: new ones were added at the end.
UPDATE "course_drafts" SET "body" = jsonb_set("body", '{levels}', coalesce((
  SELECT jsonb_agg(
    l.value || jsonb_build_object('id', 'm' || l.i, 'cases', coalesce((
      SELECT jsonb_agg(c.value || jsonb_build_object('id', 'm' || l.i || 'c' || c.j) ORDER BY c.j)
      FROM jsonb_array_elements(l.value->'cases') WITH ORDINALITY AS c(value, j)
    ), '[]'::jsonb))
    ORDER BY l.i
  )
  FROM jsonb_array_elements("body"->'levels') WITH ORDINALITY AS l(value, i)
), '[]'::jsonb)) WHERE jsonb_typeof("body"->'levels') = 'array';--> statement-breakpoint
DROP INDEX "attempts_course_case";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "case_id" text;--> statement-breakpoint
UPDATE "attempts" SET "case_id" = 'm' || "level" || 'c' || "case_index";--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "case_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "attempts_course_case" ON "attempts" USING btree ("course_id","case_id");
