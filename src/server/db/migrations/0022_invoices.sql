CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- Payments captured before invoices were numbered get theirs in the order they were captured, and the counter goes on from the last.
UPDATE "orders" SET "invoice_number" = numbered.n
FROM (SELECT "id", row_number() OVER (ORDER BY coalesce("captured_at", "created_at"), "id") AS n FROM "orders" WHERE "status" = 'COMPLETED') AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last") SELECT 1, count(*) FROM "orders" WHERE "status" = 'COMPLETED';--> statement-breakpoint
-- A past payment made while an earlier one for the same plan still gave access extended it: a renewal.
UPDATE "orders" SET "kind" = 'renewal'
WHERE "status" = 'COMPLETED' AND EXISTS (
  SELECT 1 FROM "orders" AS earlier
  WHERE earlier."user_id" = "orders"."user_id" AND earlier."plan_id" = "orders"."plan_id" AND earlier."status" = 'COMPLETED'
    AND earlier."captured_at" < "orders"."captured_at" AND earlier."paid_until" > "orders"."captured_at"
);
