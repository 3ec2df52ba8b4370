-- The demo catalogue seeded before cases said which simulator plays them offered the placental laser simulator for
-- every course: the cases of its four desktop courses that set neither a task nor laser parameters get their course's
-- procedure, so they open in the desktop simulator only (the seed did this at every start until this migration).
UPDATE "courses" SET "levels" = (
  SELECT jsonb_agg(
    l.value || jsonb_build_object('cases', coalesce((
      SELECT jsonb_agg(
        CASE WHEN coalesce(c.value->>'task', '') = '' AND coalesce(c.value->'sim', 'null'::jsonb) = 'null'::jsonb
          THEN c.value || jsonb_build_object('task', p.task) ELSE c.value END
        ORDER BY c.j
      )
      FROM jsonb_array_elements(l.value->'cases') WITH ORDINALITY AS c(value, j)
    ), '[]'::jsonb))
    ORDER BY l.i
  )
  FROM jsonb_array_elements("courses"."levels") WITH ORDINALITY AS l(value, i)
)
FROM (VALUES
  ('bronchoscopy', 'bronchoscopy'),
  ('fetal-tracheal-occlusion', 'tracheal-occlusion'),
  ('catheter-placement', 'catheter-placement'),
  ('pleuroamniotic', 'pleuroamniotic-shunt')
) AS p(course_id, task)
WHERE "courses"."id" = p.course_id AND jsonb_array_length("courses"."levels") > 0;
