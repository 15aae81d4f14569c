CREATE OR REPLACE FUNCTION public.journal_credit_note_issued()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sale%ROWTYPE;
BEGIN
  SELECT * INTO s FROM sale WHERE id = NEW.sale_id;
  PERFORM journal_append(NEW.shop_id, till_of_document(NEW.shop_id, s.till_id),
    'creditNote', NEW.id, NEW.document_number, NEW.created_at,
    jsonb_build_object(
      'document', to_jsonb(NEW) - ARRAY['shop_id', 'cost_satang', 'stock_document_id',
        'original_printed_at'],
      'original', jsonb_build_object('documentNumber', s.document_number, 'soldAt', s.created_at,
        'totalSatang', s.total_satang, 'vatSatang', s.vat_satang),
      'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('saleLineId', c.sale_line_id,
                  'item', l.item_name, 'sku', l.sku, 'unit', l.unit, 'qty', c.qty,
                  'exVatSatang', c.ex_vat_satang, 'vatSatang', c.vat_satang,
                  'totalSatang', c.total_satang) ORDER BY c.id)
                  FROM credit_note_line c JOIN sale_line l ON l.id = c.sale_line_id
                 WHERE c.credit_note_id = NEW.id), '[]'::jsonb))
    -- The buyer asked on the return of a slip (decision 0084): named as printed.
    || coalesce((SELECT jsonb_build_object('buyer', jsonb_build_object('name', b.buyer_name,
                  'address', b.buyer_address, 'taxId', b.buyer_tax_id,
                  'branchCode', b.buyer_branch_code))
                  FROM credit_note_buyer b WHERE b.credit_note_id = NEW.id), '{}'::jsonb));
  RETURN NULL;
END;
$function$;
