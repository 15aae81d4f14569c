CREATE OR REPLACE FUNCTION public.points_undo(p_shop uuid, p_sale_id bigint, p_credit_note_id bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  cust uuid;
  earned integer;
  redeemed integer;
  current_net integer;
  sold bigint;
  refunded bigint;
  target integer;
  change integer;
  bal integer;
BEGIN
  -- A void (p_credit_note_id null) or a return of a sale takes its points back in its own
  -- transaction (issue 37, decision 0082). A void undoes everything the sale moved; returns,
  -- cumulatively, keep the earned points in proportion to what was not refunded and give back
  -- the redeemed ones in proportion to what was. The balance never goes below zero: points
  -- already spent elsewhere are taken back only as far as the balance goes.
  SELECT e.customer_id,
         coalesce(sum(e.points) FILTER (WHERE e.kind = 'earn'), 0),
         coalesce(-sum(e.points) FILTER (WHERE e.kind = 'redeem'), 0),
         coalesce(sum(e.points), 0)
    INTO cust, earned, redeemed, current_net
    FROM points_entry e
   WHERE e.shop_id = p_shop AND e.sale_id = p_sale_id
   GROUP BY e.customer_id;
  IF cust IS NULL THEN
    RETURN;
  END IF;
  IF p_credit_note_id IS NULL THEN
    target := 0;
  ELSE
    SELECT s.total_satang INTO sold FROM sale s WHERE s.shop_id = p_shop AND s.id = p_sale_id;
    SELECT coalesce(sum(n.total_satang), 0) INTO refunded FROM credit_note n
     WHERE n.shop_id = p_shop AND n.sale_id = p_sale_id;
    IF sold <= 0 OR refunded >= sold THEN
      target := 0;
    ELSE
      target := (earned * (sold - refunded) / sold)::integer
              - redeemed + (redeemed * refunded / sold)::integer;
    END IF;
  END IF;
  change := target - current_net;
  IF change = 0 THEN
    RETURN;
  END IF;
  SELECT b.balance INTO bal FROM points_balance b
   WHERE b.customer_id = cust AND b.shop_id = p_shop FOR UPDATE;
  change := greatest(change, -bal);
  IF change = 0 THEN
    RETURN;
  END IF;
  bal := bal + change;
  INSERT INTO points_entry (shop_id, customer_id, sale_id, credit_note_id, kind, points,
    balance_after)
  VALUES (p_shop, cust, p_sale_id, p_credit_note_id,
    CASE WHEN p_credit_note_id IS NULL THEN 'void' ELSE 'return' END, change, bal);
  UPDATE points_balance SET balance = bal, updated_at = now()
   WHERE customer_id = cust AND shop_id = p_shop;
END;
$function$;
