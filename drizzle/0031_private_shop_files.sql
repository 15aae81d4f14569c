CREATE TABLE "stored_file_move" (
	"from_key" text PRIMARY KEY NOT NULL,
	"to_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_move_to_key_unique" UNIQUE("to_key")
);
--> statement-breakpoint
-- A shop's expense receipt photos and receipt logos were stored under receipts/ and logos/
-- and linked publicly; they move under private/, which is never linked publicly (decision
-- 0061). The rows name the new keys from here on; the files follow (drainFileMoves, at every
-- start until none is left) and are read at their old keys meanwhile.
INSERT INTO "stored_file_move" ("from_key", "to_key")
SELECT "key", 'private/' || "key" FROM (
  SELECT "receipt_image_key" AS "key" FROM "expense" WHERE "receipt_image_key" LIKE 'receipts/%'
  UNION SELECT "logo_key" FROM "shop_sales_setting" WHERE "logo_key" LIKE 'logos/%'
  UNION SELECT "seller"->>'logoKey' FROM "sale" WHERE "seller"->>'logoKey' LIKE 'logos/%'
) AS "stored_before"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "expense" SET "receipt_image_key" = 'private/' || "receipt_image_key"
 WHERE "receipt_image_key" LIKE 'receipts/%';--> statement-breakpoint
UPDATE "shop_sales_setting" SET "logo_key" = 'private/' || "logo_key"
 WHERE "logo_key" LIKE 'logos/%';--> statement-breakpoint
-- Each sale keeps the seller block it printed with; only the logo's key changes.
UPDATE "sale" SET "seller" = jsonb_set("seller", '{logoKey}', to_jsonb('private/' || ("seller"->>'logoKey')))
 WHERE "seller"->>'logoKey' LIKE 'logos/%';
