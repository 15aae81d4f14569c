CREATE OR REPLACE FUNCTION public.journal_sale_issued()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  doc_till uuid := till_of_document(NEW.shop_id, NEW.till_id);
BEGIN
  PERFORM journal_append(NEW.shop_id, doc_till,
    'sale', NEW.id, NEW.document_number, NEW.created_at,
    jsonb_build_object(
      'document', to_jsonb(NEW) - ARRAY['cost_satang', 'stock_document_id', 'original_printed_at',
        'status', 'voided_at', 'voided_by', 'void_reason', 'void_stock_document_id'],
      'till', (SELECT jsonb_build_object('code', t.code, 'name', t.name, 'posNumber', t.pos_number)
                 FROM till t WHERE t.id = doc_till),
      'lines', coalesce((SELECT jsonb_agg(to_jsonb(l) - ARRAY['id', 'shop_id', 'sale_id',
                  'unit_cost_satang', 'cost_satang', 'movement_id', 'returned_qty']
                  ORDER BY l.line_no) FROM sale_line l WHERE l.sale_id = NEW.id), '[]'::jsonb),
      'payments', coalesce((SELECT jsonb_agg(to_jsonb(p) - ARRAY['id', 'shop_id', 'sale_id']
                  ORDER BY p.payment_no) FROM sale_payment p WHERE p.sale_id = NEW.id),
                  '[]'::jsonb)));
  RETURN NULL;
END;
$function$;
