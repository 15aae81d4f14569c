CREATE OR REPLACE FUNCTION public.push_event_from_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Nobody of the shop who would be told has a device subscribed: nothing to keep.
  IF NOT EXISTS (
    SELECT 1 FROM shop_member m JOIN push_subscription s ON s.user_id = m.user_id
     WHERE m.shop_id = NEW.shop_id AND m.role IN ('owner', 'manager')
  ) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'stock_item' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'low_stock', jsonb_build_object(
      'itemId', NEW.id, 'name', NEW.name, 'unit', NEW.unit,
      'onHand', NEW.on_hand::text, 'reorderLevel', NEW.reorder_level::text));
  ELSIF TG_TABLE_NAME = 'sale' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'void', jsonb_build_object(
      'saleId', NEW.id, 'documentNumber', NEW.document_number,
      'totalSatang', NEW.total_satang));
  ELSIF TG_TABLE_NAME = 'credit_note' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'refund', jsonb_build_object(
      'saleId', NEW.sale_id, 'documentNumber', NEW.document_number,
      'totalSatang', NEW.total_satang));
  ELSIF TG_TABLE_NAME = 'shift' THEN
    INSERT INTO push_event (shop_id, kind, payload)
    VALUES (NEW.shop_id, 'shift_difference', jsonb_build_object(
      'shiftId', NEW.id, 'closedByName', coalesce(NEW.closed_by_name, ''),
      'differenceSatang', NEW.difference_satang));
  END IF;
  RETURN NULL;
END;
$function$;
