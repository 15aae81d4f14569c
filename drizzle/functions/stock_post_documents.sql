CREATE OR REPLACE FUNCTION public.stock_post_documents(p_shop uuid, p_docs jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
  doc_number bigint;
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
      SELECT number INTO doc_number FROM stock_document WHERE id = doc_id;
      results := results || jsonb_build_array(jsonb_build_object('id', doc_id,
                                                                 'number', doc_number));
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
$function$;
