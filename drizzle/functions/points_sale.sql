CREATE OR REPLACE FUNCTION public.points_sale(p_shop uuid, p_sale_id bigint, p_sale jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  cust uuid;
  rate integer;
  requested integer := coalesce((p_sale->>'redeemPoints')::integer, 0);
  redeemed integer := 0;
  earned integer;
  bal integer;
BEGIN
  -- Points of a sale (issue 37, decision 0082), in its own transaction: the redemption the
  -- bill's discount already carries, then the points earned on what was paid after it.
  SELECT sc.customer_id INTO cust FROM sale_customer sc
   WHERE sc.shop_id = p_shop AND sc.sale_id = p_sale_id AND sc.customer_id IS NOT NULL;
  SELECT ps.satang_per_point INTO rate FROM points_setting ps
   WHERE ps.shop_id = p_shop AND ps.enabled;
  IF cust IS NOT NULL AND rate IS NOT NULL THEN
    INSERT INTO points_balance (shop_id, customer_id) VALUES (p_shop, cust)
      ON CONFLICT (customer_id) DO NOTHING;
    SELECT b.balance INTO bal FROM points_balance b
     WHERE b.customer_id = cust AND b.shop_id = p_shop FOR UPDATE;
    -- A till's queued sale may carry a redemption the balance no longer covers (redeemed on
    -- another till meanwhile): the sale stands as made, the redemption limited and flagged.
    redeemed := least(requested, bal);
    IF redeemed > 0 THEN
      bal := bal - redeemed;
      INSERT INTO points_entry (shop_id, customer_id, sale_id, kind, points, value_satang,
        balance_after)
      VALUES (p_shop, cust, p_sale_id, 'redeem', -redeemed,
        coalesce((p_sale->>'redeemSatang')::bigint, 0), bal);
    END IF;
    earned := ((p_sale->>'total')::bigint / rate)::integer;
    IF earned > 0 THEN
      bal := bal + earned;
      INSERT INTO points_entry (shop_id, customer_id, sale_id, kind, points, balance_after)
      VALUES (p_shop, cust, p_sale_id, 'earn', earned, bal);
    END IF;
    UPDATE points_balance SET balance = bal, updated_at = now()
     WHERE customer_id = cust AND shop_id = p_shop;
  END IF;
  IF redeemed < requested THEN
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    VALUES (p_shop, p_sale_id, NULL, 'pointsShort',
      jsonb_build_object('requested', requested, 'redeemed', redeemed));
  END IF;
END;
$function$;
