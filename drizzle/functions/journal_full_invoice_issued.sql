CREATE OR REPLACE FUNCTION public.journal_full_invoice_issued()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sale%ROWTYPE;
BEGIN
  SELECT * INTO s FROM sale WHERE id = NEW.sale_id;
  PERFORM journal_append(NEW.shop_id, till_of_document(NEW.shop_id, s.till_id),
    'fullTaxInvoice', NEW.id, NEW.document_number, NEW.created_at,
    jsonb_build_object(
      'document', to_jsonb(NEW) - ARRAY['shop_id', 'original_printed_at'],
      'replaces', jsonb_build_object('documentNumber', s.document_number, 'soldAt', s.created_at),
      'seller', s.seller,
      'totals', jsonb_build_object('gross', s.gross_satang,
        'discount', s.line_discount_satang + s.bill_discount_satang,
        'vatBase', s.vat_base_satang, 'vat', s.vat_satang, 'nonVat', s.non_vat_satang,
        'total', s.total_satang, 'vatMode', s.vat_mode, 'vatRateBp', s.vat_rate_bp),
      'lines', coalesce((SELECT jsonb_agg(to_jsonb(l) - ARRAY['id', 'shop_id', 'sale_id',
                  'unit_cost_satang', 'cost_satang', 'movement_id', 'returned_qty']
                  ORDER BY l.line_no) FROM sale_line l WHERE l.sale_id = s.id), '[]'::jsonb)));
  RETURN NULL;
END;
$function$;
