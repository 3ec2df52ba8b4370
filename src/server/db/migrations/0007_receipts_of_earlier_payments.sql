-- Payments captured before receipts kept their facts: the buyer, the plan and the access end as they stand now.
UPDATE "orders" SET "buyer_name" = u."name", "buyer_email" = u."email"
FROM "users" u
WHERE "orders"."user_id" = u."id" AND "orders"."status" = 'COMPLETED' AND "orders"."buyer_email" = '';--> statement-breakpoint
UPDATE "orders" SET "plan_title" = p."title", "plan_translations" = p."translations"
FROM "plans" p
WHERE "orders"."plan_id" = p."id" AND "orders"."status" = 'COMPLETED' AND "orders"."plan_title" = '';--> statement-breakpoint
UPDATE "orders" SET "paid_until" = to_timestamp((s."value"->'next_billing_time'->>'seconds')::double precision)
FROM "users" u CROSS JOIN LATERAL jsonb_array_elements(u."subscriptions") AS s
WHERE "orders"."user_id" = u."id" AND "orders"."status" = 'COMPLETED' AND "orders"."paid_until" IS NULL
  AND s."value"->>'subscription_id' = "orders"."subscription_id";
