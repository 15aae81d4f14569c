CREATE OR REPLACE FUNCTION public.stock_run_units(p_shop uuid, p_units jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  unit jsonb;
  answer jsonb;
  results jsonb := '[]';
  item_ids bigint[];
  err_state text;
  err_detail text;
  err_message text;
  err_constraint text;
BEGIN
  SELECT array_agg(DISTINCT item::bigint) INTO item_ids
    FROM jsonb_array_elements(p_units) AS u,
         jsonb_array_elements_text(coalesce(u->'items', '[]')) AS item;
  PERFORM 1 FROM stock_item WHERE id = ANY(item_ids) AND shop_id = p_shop ORDER BY id FOR UPDATE;

  FOR unit IN SELECT value FROM jsonb_array_elements(p_units) LOOP
    BEGIN
      EXECUTE format('SELECT %s($1, $2)', (unit->>'fn')::regproc)
         INTO answer USING p_shop, unit->'payload';
      results := results || jsonb_build_array(
        jsonb_build_object('ok', coalesce(answer, 'null'::jsonb)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS err_state = RETURNED_SQLSTATE, err_detail = PG_EXCEPTION_DETAIL,
        err_message = MESSAGE_TEXT, err_constraint = CONSTRAINT_NAME;
      IF err_state NOT LIKE 'S%' AND err_state NOT LIKE '23%' THEN
        RAISE;
      END IF;
      results := results || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'state', err_state, 'detail', err_detail, 'message', err_message,
        'constraint', nullif(err_constraint, ''))));
    END;
  END LOOP;
  RETURN results;
END;
$function$;
