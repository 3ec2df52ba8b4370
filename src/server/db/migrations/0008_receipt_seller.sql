ALTER TABLE "orders" ADD COLUMN "seller_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_address" text DEFAULT '' NOT NULL;