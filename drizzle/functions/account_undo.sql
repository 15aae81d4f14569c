CREATE OR REPLACE FUNCTION public.account_undo(p_shop uuid, p_sale_id bigint, p_credit_note_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  cust uuid;
  charged bigint;
  back bigint;
  doc text;
  bal bigint;
BEGIN
  -- Selling on account (issue 37, decision 0083), in the void's or the credit note's own
  -- transaction: a void takes off the account what the sale still has on it; a credit note
  -- refunded on account takes its total off, never more than the sale still has on account
  -- (SQLSTATE SA409 otherwise). Answers what it took off.
  SELECT e.customer_id, coalesce(sum(e.amount_satang), 0) INTO cust, charged
    FROM account_entry e
   WHERE e.shop_id = p_shop AND e.sale_id = p_sale_id AND e.customer_id IS NOT NULL
   GROUP BY e.customer_id;
  IF p_credit_note_id IS NULL THEN
    back := coalesce(charged, 0);
    SELECT s.document_number INTO doc FROM sale s WHERE s.id = p_sale_id;
  ELSE
    SELECT cn.total_satang, cn.document_number INTO back, doc FROM credit_note cn
     WHERE cn.id = p_credit_note_id AND cn.shop_id = p_shop AND cn.refund_method = 'account';
    back := coalesce(back, 0);
    IF back > coalesce(charged, 0) THEN
      RAISE EXCEPTION 'more than the sale has on account' USING ERRCODE = 'SA409',
        DETAIL = json_build_object('onAccount', coalesce(charged, 0))::text;
    END IF;
  END IF;
  IF back <= 0 OR cust IS NULL THEN
    RETURN 0;
  END IF;
  UPDATE customer_account a SET balance_satang = a.balance_satang - back
   WHERE a.customer_id = cust AND a.shop_id = p_shop
  RETURNING a.balance_satang INTO bal;
  INSERT INTO account_entry (shop_id, customer_id, kind, sale_id, credit_note_id,
    document_number, amount_satang, balance_after_satang)
  VALUES (p_shop, cust, CASE WHEN p_credit_note_id IS NULL THEN 'void' ELSE 'return' END,
    p_sale_id, p_credit_note_id, doc, -back, bal);
  RETURN back;
END;
$function$;
