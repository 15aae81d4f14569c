CREATE OR REPLACE FUNCTION public.stock_post_movements(p_shop uuid, p_kind text, p_reference text, p_note text, p_user text, p_lines jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  doc_id bigint;
BEGIN
  doc_id := stock_post_document(p_shop, p_kind, p_reference, p_note, p_user, p_lines);
  RETURN (
    SELECT jsonb_build_object('id', d.id, 'number', d.number, 'movements', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
               'id', m.id, 'line', m.line_no, 'item', m.item_id, 'location', m.location_id,
               'kind', m.kind, 'qty', trim_scale(m.qty), 'unitCost', m.unit_cost_satang,
               'value', m.value_satang, 'locationQtyAfter', trim_scale(m.location_qty_after),
               'itemQtyAfter', trim_scale(m.item_qty_after), 'reverses', m.reverses_movement_id)
             ORDER BY m.line_no, m.id)
        FROM stock_movement m WHERE m.document_id = d.id), '[]'::jsonb))
      FROM stock_document d WHERE d.id = doc_id);
END;
$function$;
