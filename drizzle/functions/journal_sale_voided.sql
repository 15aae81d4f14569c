CREATE OR REPLACE FUNCTION public.journal_sale_voided()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM journal_append(NEW.shop_id, till_of_document(NEW.shop_id, NEW.till_id),
    'void', NEW.id, NEW.document_number, NEW.voided_at,
    jsonb_build_object('documentNumber', NEW.document_number, 'documentKind', NEW.document_kind,
      'soldAt', NEW.created_at, 'voidedAt', NEW.voided_at, 'voidedBy', NEW.voided_by,
      'reason', NEW.void_reason, 'totalSatang', NEW.total_satang, 'vatSatang', NEW.vat_satang));
  RETURN NULL;
END;
$function$;
