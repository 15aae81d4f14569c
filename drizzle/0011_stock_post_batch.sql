-- Group commit for stock documents (docs/decisions/0010-stock-posting-group-commit.md).
--
-- Every document that touches an item waits for that item's row lock, and a lock is held until
-- its transaction's commit has reached the disk. When 32 tills sell the same item, one commit
-- per document makes them queue one WAL flush at a time. The application therefore posts the
-- documents that arrive while the previous batch of the same shop is being written as ONE
-- statement: one lock wait, one commit, many documents. Each document is still posted on its
-- own (a subtransaction): one that fails (not enough stock) is reported and leaves the others
-- posted, exactly as if it had been sent alone.

-- The item a person or a scanner typed, in one shop: a barcode or SKU first (a barcode match
-- wins over a SKU match), then the exact name (case-insensitive) when only one item has it.
-- NULL when nothing or more than one item matches. p_text is trimmed by the caller; p_sku is
-- its uppercase form (SKUs are stored in uppercase).
CREATE FUNCTION stock_item_by_text(p_shop uuid, p_text text, p_sku text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_id bigint;
  matches bigint[];
BEGIN
  IF coalesce(p_text, '') = '' THEN
    RETURN NULL;
  END IF;
  SELECT id INTO found_id FROM stock_item
   WHERE shop_id = p_shop AND (barcode = p_text OR sku = p_sku)
   ORDER BY barcode = p_text DESC NULLS LAST
   LIMIT 1;
  IF FOUND THEN
    RETURN found_id;
  END IF;
  SELECT array_agg(id) INTO matches FROM (
    SELECT id FROM stock_item
     WHERE shop_id = p_shop AND lower(name) = lower(p_text)
     LIMIT 2) AS named;
  IF cardinality(matches) = 1 THEN
    RETURN matches[1];
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Posts several documents of one shop in one transaction and returns one result per document,
-- in order: {"id": <document id>} or {"error": {"state": "SK409", "detail": "<json>"}}.
--   p_docs: [{"kind": "issue", "reference": "", "note": "", "user": "<user id>",
--             "lines": [<a line of stock_post_document>, ...]}, ...]
-- A line may name its item by text instead of id: {"text": "8851234567890",
-- "sku": "8851234567890", ...}; a receipt line without "unitCost" comes in at the item's cost.
-- Errors outside the ledger's own (class SK) abort the whole batch; the application then posts
-- its documents one by one.
CREATE FUNCTION stock_post_documents(p_shop uuid, p_docs jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  doc jsonb;
  ln jsonb;
  lines jsonb;
  resolved jsonb := '[]';
  results jsonb := '[]';
  item_id bigint;
  item_cost bigint;
  unresolved integer;
  item_ids bigint[];
  doc_id bigint;
  err_state text;
  err_detail text;
BEGIN
  -- 1. Items typed as text become ids (no locks are taken yet).
  FOR doc IN SELECT value FROM jsonb_array_elements(p_docs) LOOP
    lines := '[]';
    unresolved := NULL;
    FOR ln IN SELECT value FROM jsonb_array_elements(doc->'lines') LOOP
      IF ln ? 'text' THEN
        item_id := stock_item_by_text(p_shop, ln->>'text', ln->>'sku');
        IF item_id IS NULL THEN
          unresolved := (ln->>'line')::integer;
          EXIT;
        END IF;
        ln := (ln - 'text' - 'sku') || jsonb_build_object('item', item_id);
      END IF;
      IF doc->>'kind' IN ('opening', 'receive') AND ln->>'unitCost' IS NULL THEN
        SELECT cost_satang INTO item_cost FROM stock_item
         WHERE id = (ln->>'item')::bigint AND shop_id = p_shop;
        IF FOUND THEN
          ln := ln || jsonb_build_object('unitCost', item_cost);
        END IF;
      END IF;
      lines := lines || jsonb_build_array(ln);
    END LOOP;
    IF unresolved IS NULL THEN
      resolved := resolved || jsonb_build_array(doc || jsonb_build_object('lines', lines));
    ELSE
      resolved := resolved || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'state', 'SK404', 'detail', json_build_object('line', unresolved)::text)));
    END IF;
  END LOOP;

  -- 2. Every item of the batch is locked in id order, the order every writer uses, so batches
  --    of several app instances and single documents wait for each other, never deadlock.
  --    (The ids are gathered first: a sub-select in the WHERE would be planned as a scan.)
  SELECT array_agg(DISTINCT (l->>'item')::bigint) INTO item_ids
    FROM jsonb_array_elements(resolved) AS d,
         jsonb_array_elements(coalesce(d->'lines', '[]')) AS l;
  PERFORM 1 FROM stock_item
   WHERE id = ANY(item_ids) AND shop_id = p_shop
   ORDER BY id
   FOR UPDATE;

  -- 3. Each document in its own subtransaction.
  FOR doc IN SELECT value FROM jsonb_array_elements(resolved) LOOP
    IF doc ? 'error' THEN
      results := results || jsonb_build_array(doc);
      CONTINUE;
    END IF;
    BEGIN
      doc_id := stock_post_document(p_shop, doc->>'kind', doc->>'reference', doc->>'note',
                                    doc->>'user', doc->'lines');
      results := results || jsonb_build_array(jsonb_build_object('id', doc_id));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS err_state = RETURNED_SQLSTATE, err_detail = PG_EXCEPTION_DETAIL;
      IF err_state NOT LIKE 'SK%' THEN
        RAISE;
      END IF;
      results := results || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'state', err_state, 'detail', err_detail)));
    END;
  END LOOP;
  RETURN results;
END;
$$;
