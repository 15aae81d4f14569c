CREATE OR REPLACE FUNCTION public.till_day_is_open()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  doc_till uuid;
  doc_at timestamptz;
  closed date;
BEGIN
  IF TG_TABLE_NAME = 'credit_note' THEN
    SELECT till_of_document(NEW.shop_id, s.till_id) INTO doc_till FROM sale s
     WHERE s.id = NEW.sale_id;
    doc_at := NEW.created_at;
  ELSE
    doc_till := till_of_document(NEW.shop_id, NEW.till_id);
    -- A sale counts on the day it sold; so does its void (it takes the sale out of that day).
    doc_at := NEW.created_at;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('z_report:' || doc_till::text, 0));
  SELECT max(z.business_date) INTO closed FROM z_report z WHERE z.till_id = doc_till;
  IF closed IS NOT NULL AND closed >= (doc_at AT TIME ZONE 'Asia/Bangkok')::date THEN
    RAISE EXCEPTION 'the till''s day is closed by its Z report' USING ERRCODE = 'ZR409',
      DETAIL = json_build_object('day', (doc_at AT TIME ZONE 'Asia/Bangkok')::date,
                                 'closed', closed)::text;
  END IF;
  RETURN NEW;
END;
$function$;
