CREATE TABLE "till" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"pos_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"device_token_hash" text,
	"device_label" text,
	"device_bound_at" timestamp with time zone,
	"claim_code_hash" text,
	"claim_code_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_code_shape" CHECK ("till"."code" ~ '^P[0-9]{2,3}$'),
	CONSTRAINT "till_status_known" CHECK ("till"."status" IN ('active', 'retired')),
	CONSTRAINT "till_device_complete" CHECK (("till"."device_token_hash" IS NULL) = ("till"."device_bound_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "till" ADD CONSTRAINT "till_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "till_shop_code" ON "till" USING btree ("shop_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "till_shop_name" ON "till" USING btree ("shop_id","name");--> statement-breakpoint
-- Issue 34 (decision 0071): every shop has its first till, "เครื่อง 1" (P01), bound to no device
-- yet; a shop made from now on gets it at once. Hand-written below; the lines above are
-- drizzle-kit's.
INSERT INTO till (shop_id, code, name) SELECT id, 'P01', 'เครื่อง 1' FROM shop
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION shop_first_till() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO till (shop_id, code, name) VALUES (NEW.id, 'P01', 'เครื่อง 1')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shop_first_till AFTER INSERT ON shop
  FOR EACH ROW EXECUTE FUNCTION shop_first_till();
