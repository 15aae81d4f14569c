CREATE TABLE "shop_guide" (
	"shop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_guide_status_known" CHECK ("shop_guide"."status" IN ('active', 'closed', 'finished')),
	CONSTRAINT "shop_guide_step_length" CHECK (length("shop_guide"."step") <= 40)
);
--> statement-breakpoint
ALTER TABLE "stock_item" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_guide" ADD CONSTRAINT "shop_guide_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_guide_shop_user" ON "shop_guide" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "stock_item_shop_sample" ON "stock_item" USING btree ("shop_id") WHERE "stock_item"."sample";--> statement-breakpoint
-- Custom part (hand-written): taking back a shop's sample items.
--
-- Movements stay append-only for everything else. The one exception is the statement below
-- marking, for its own transaction only, the shop whose untouched samples it removes: their
-- opening stock was never anyone's real stock, so it leaves with them instead of leaving a
-- reversal in the shop's history.
CREATE OR REPLACE FUNCTION stock_movement_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('stock.removing_samples_of', true) = OLD.shop_id::text THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'stock movements are append-only; post a reversing movement instead'
    USING ERRCODE = 'SK001';
END;
$$;
--> statement-breakpoint
-- Removes every sample item of a shop with its opening stock, or nothing: refused with SK423
-- when one was sold (a sale, even voided, is the shop's record) and SK424 when one was moved by
-- any other document (a delivery, a count, a transfer: the shop's real history). Returns how
-- many items were removed.
CREATE FUNCTION stock_remove_sample_items(p_shop uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_items bigint[];
  v_docs bigint[];
  v_sold integer;
  v_moved integer;
  v_doc record;
BEGIN
  -- The items' rows are what every movement updates: holding them makes a sale of a sample
  -- wait until this is done (and then fail on the missing item), or this wait for the sale.
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO v_items
    FROM (SELECT id FROM stock_item WHERE shop_id = p_shop AND sample ORDER BY id FOR UPDATE) s;
  IF cardinality(v_items) = 0 THEN
    RETURN 0;
  END IF;
  SELECT count(DISTINCT m.item_id) INTO v_sold
    FROM stock_movement m
   WHERE m.item_id = ANY (v_items) AND m.kind IN ('sale', 'sale_void');
  IF v_sold = 0 THEN
    SELECT count(*) INTO v_sold FROM sale_line l WHERE l.item_id = ANY (v_items);
  END IF;
  IF v_sold > 0 THEN
    RAISE EXCEPTION 'sample items were sold' USING ERRCODE = 'SK423',
      DETAIL = json_build_object('items', v_sold)::text;
  END IF;
  SELECT coalesce(array_agg(DISTINCT m.document_id), '{}') INTO v_docs
    FROM stock_movement m WHERE m.item_id = ANY (v_items);
  SELECT count(*) INTO v_moved
    FROM stock_document d
   WHERE d.id = ANY (v_docs)
     AND (d.kind <> 'opening'
          OR EXISTS (SELECT 1 FROM stock_movement o
                      WHERE o.document_id = d.id AND NOT (o.item_id = ANY (v_items))));
  IF v_moved > 0 THEN
    RAISE EXCEPTION 'sample items were moved by other documents' USING ERRCODE = 'SK424',
      DETAIL = json_build_object('documents', v_moved)::text;
  END IF;
  PERFORM set_config('stock.removing_samples_of', p_shop::text, true);
  DELETE FROM stock_movement WHERE item_id = ANY (v_items);
  PERFORM set_config('stock.removing_samples_of', '', true);
  -- Give the numbers back when nothing was numbered after them, so that opening documents stay
  -- gapless in the usual case (samples are a new shop's first documents).
  FOR v_doc IN
    SELECT id, kind, number FROM stock_document WHERE id = ANY (v_docs) ORDER BY number DESC
  LOOP
    DELETE FROM stock_document WHERE id = v_doc.id;
    UPDATE document_sequence SET next_value = next_value - 1
     WHERE shop_id = p_shop AND kind = v_doc.kind AND year = 0 AND next_value = v_doc.number + 1;
  END LOOP;
  DELETE FROM stock_balance WHERE item_id = ANY (v_items);
  DELETE FROM stock_item WHERE id = ANY (v_items);
  RETURN cardinality(v_items);
END;
$$;
