CREATE OR REPLACE FUNCTION public.account_sale(p_shop uuid, p_sale_id bigint, p_sale jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  owed bigint;
  cust uuid;
  acct customer_account%ROWTYPE;
  headroom bigint;
  sold sale%ROWTYPE;
BEGIN
  -- Selling on account (issue 37, decision 0083), in the sale's own transaction: what the bill
  -- put on account is charged to its customer, within the credit limit, the account row
  -- locked so that two tills selling on account at once queue.
  SELECT coalesce(sum((p->>'amount')::bigint), 0) INTO owed
    FROM jsonb_array_elements(p_sale->'payments') AS p
   WHERE p->>'method' = 'account';
  IF owed = 0 THEN
    RETURN;
  END IF;
  SELECT * INTO sold FROM sale s WHERE s.id = p_sale_id;
  SELECT sc.customer_id INTO cust FROM sale_customer sc
   WHERE sc.shop_id = p_shop AND sc.sale_id = p_sale_id AND sc.customer_id IS NOT NULL;
  IF cust IS NOT NULL THEN
    SELECT * INTO acct FROM customer_account a
     WHERE a.customer_id = cust AND a.shop_id = p_shop FOR UPDATE;
  END IF;
  headroom := greatest(coalesce(acct.limit_satang - acct.balance_satang, 0), 0);
  IF cust IS NULL OR acct.limit_satang IS NULL OR acct.balance_satang + owed > acct.limit_satang
  THEN
    -- Online, the sale is refused (completeSale answers in Thai). A registered till's queued
    -- sale happened already (decision 0071): it stands, charged, flagged for the owner.
    IF sold.till_id IS NULL THEN
      RAISE EXCEPTION 'the bill is past the customer''s credit limit' USING ERRCODE = 'SA402',
        DETAIL = json_build_object('headroom', headroom)::text;
    END IF;
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    VALUES (p_shop, p_sale_id, NULL, 'accountOverLimit',
      jsonb_build_object('owed', owed, 'headroom', headroom, 'known', cust IS NOT NULL));
    IF cust IS NULL THEN
      RETURN;
    END IF;
    IF acct.id IS NULL THEN
      INSERT INTO customer_account (shop_id, customer_id) VALUES (p_shop, cust)
      RETURNING * INTO acct;
    END IF;
  END IF;
  UPDATE customer_account SET balance_satang = balance_satang + owed
   WHERE id = acct.id;
  INSERT INTO account_entry (shop_id, customer_id, kind, sale_id, document_number,
    amount_satang, balance_after_satang, created_at)
  VALUES (p_shop, cust, 'sale', p_sale_id, sold.document_number, owed,
    acct.balance_satang + owed, sold.created_at);
END;
$function$;
