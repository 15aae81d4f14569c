CREATE OR REPLACE FUNCTION public.sale_post(p_shop uuid, p_sale jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  client_id uuid := (p_sale->>'clientSaleId')::uuid;
  kind text := p_sale->>'kind';
  earlier bigint;
  location_id bigint;
  be_year integer;
  seq bigint;
  doc_number text;
  posted jsonb;
  sale_id bigint;
  total_cost bigint;
  open_shift bigint;
  sold_till uuid := (p_sale->>'tillId')::uuid;
  sold_at timestamptz := coalesce((p_sale->>'soldAt')::timestamptz, now());
BEGIN
  SELECT id INTO earlier FROM sale WHERE shop_id = p_shop AND client_sale_id = client_id;
  IF FOUND THEN
    RAISE EXCEPTION 'this sale id was used before' USING ERRCODE = 'SL409',
      DETAIL = json_build_object('sale', earlier)::text;
  END IF;

  IF p_sale->>'shiftId' IS NOT NULL THEN
    SELECT s.id INTO open_shift FROM shift s
     WHERE s.id = (p_sale->>'shiftId')::bigint AND s.shop_id = p_shop AND s.status = 'open'
       AND EXISTS (SELECT 1 FROM shift_member m
                    WHERE m.shift_id = s.id AND m.user_id = p_sale->>'cashierId')
       FOR SHARE OF s;
  END IF;
  IF open_shift IS NULL AND coalesce((p_sale->>'shiftRequired')::boolean, false) THEN
    RAISE EXCEPTION 'the till has no open shift' USING ERRCODE = 'SL412', DETAIL = '{}';
  END IF;

  SELECT id INTO location_id FROM stock_location WHERE shop_id = p_shop AND is_default;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the shop has no default location to sell from' USING ERRCODE = 'SL404',
      DETAIL = '{}';
  END IF;

  IF sold_till IS NOT NULL THEN
    -- A registered till numbered the sale itself (decision 0071): only the next number of its
    -- series is taken (till_take_number refuses a gap, a repeat or a year going back).
    be_year := (p_sale->>'tillYear')::integer;
    seq := (p_sale->>'tillSeq')::bigint;
    PERFORM till_take_number(p_shop, sold_till, kind, be_year, seq);
    doc_number := p_sale->>'documentNumber';
  ELSE
    -- Thailand keeps UTC+7 all year; the same rule as buddhistYear() in document-number.ts.
    be_year := extract(year FROM (now() AT TIME ZONE 'UTC') + interval '7 hours')::integer + 543;
    seq := next_document_number(p_shop, kind, be_year);
    -- As saleDocumentNumber() formats it: "ABB2569-000123", longer past 999,999.
    doc_number := (p_sale->>'prefix') || be_year::text || '-' ||
                  CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END;
  END IF;

  -- Recipes (decision 0087): sale_recipe_ledger_lines moves a recipe's components instead.
  -- Options (decision 0092): sale_option_ledger_lines adds what the lines' choices consume.
  posted := stock_post_movements(p_shop, 'sale', doc_number, '', p_sale->>'cashierId',
    sale_option_ledger_lines(p_sale->'options', sale_recipe_ledger_lines(p_shop,
      (SELECT jsonb_agg(jsonb_build_object('line', l.ordinality, 'item', l.value->'item',
                        'location', location_id, 'qty', l.value->'ledgerQty',
                        'happened', sold_till IS NOT NULL)
                      ORDER BY l.ordinality)
       FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l))));

  SELECT coalesce(-sum((m->>'value')::bigint), 0) INTO total_cost
    FROM jsonb_array_elements(posted->'movements') AS m;

  INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
    document_number, till, cashier_id, cashier_name, stock_document_id, vat_mode, vat_rate_bp,
    vat_method, gross_satang, line_discount_satang, bill_discount_kind, bill_discount_value,
    bill_discount_satang, vat_base_satang, vat_satang, non_vat_satang, total_satang,
    cost_satang, tendered_satang, change_satang, note, seller, shift_id, till_id, created_at,
    device_sold_at)
  VALUES (p_shop, client_id, kind, be_year, seq, doc_number, coalesce(p_sale->>'till', ''),
    p_sale->>'cashierId', p_sale->>'cashierName', (posted->>'id')::bigint,
    p_sale->>'vatMode', (p_sale->>'vatRate')::integer, 'per_bill',
    (p_sale->>'gross')::bigint, (p_sale->>'lineDiscount')::bigint,
    p_sale->>'billDiscountKind', (p_sale->>'billDiscountValue')::bigint,
    (p_sale->>'billDiscount')::bigint, (p_sale->>'vatBase')::bigint, (p_sale->>'vat')::bigint,
    (p_sale->>'nonVat')::bigint, (p_sale->>'total')::bigint, total_cost,
    (p_sale->>'tendered')::bigint, (p_sale->>'change')::bigint,
    coalesce(p_sale->>'note', ''), p_sale->'seller', open_shift, sold_till, sold_at,
    (p_sale->>'deviceSoldAt')::timestamptz)
  RETURNING id INTO sale_id;

  INSERT INTO sale_line (shop_id, sale_id, line_no, item_id, item_name, sku, unit, qty,
    unit_price_satang, label_amount_satang, discount_kind, discount_value, gross_satang,
    line_discount_satang, bill_discount_satang, net_satang, vat_exempt, vat_satang,
    ex_vat_satang, total_satang, unit_cost_satang, cost_satang, movement_id)
  SELECT p_shop, sale_id, l.ordinality, (l.value->>'item')::bigint, l.value->>'name',
         l.value->>'sku', l.value->>'unit', (l.value->>'qtyMilli')::numeric / 1000,
         (l.value->>'unitPrice')::bigint, (l.value->>'labelAmount')::bigint,
         l.value->>'discountKind', (l.value->>'discountValue')::bigint,
         (l.value->>'gross')::bigint, (l.value->>'lineDiscount')::bigint,
         (l.value->>'billDiscount')::bigint, (l.value->>'net')::bigint,
         coalesce((l.value->>'vatExempt')::boolean, false), (l.value->>'vat')::bigint,
         (l.value->>'exVat')::bigint, (l.value->>'total')::bigint,
         (m->>'unitCost')::bigint, -(m->>'value')::bigint, (m->>'id')::bigint
    FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l
    JOIN jsonb_array_elements(sale_recipe_line_costs(p_sale->'lines', posted->'movements')) AS m
      ON (m->>'line')::bigint = l.ordinality;

  -- Recipes (decision 0087): which component movements each recipe line made.
  PERFORM sale_post_recipes(p_shop, sale_id, p_sale->'lines', posted->'movements');

  -- Open prices and price overrides (issue 37, decision 0093): the lines sold at a typed price.
  IF p_sale->'priceOverrides' IS NOT NULL THEN
    PERFORM sale_post_price_overrides(p_shop, sale_id, p_sale->'priceOverrides');
  END IF;

  -- Options (decision 0092): the lines' choices as sold.
  IF jsonb_typeof(p_sale->'options') = 'array' THEN
    PERFORM sale_post_options(p_shop, sale_id, p_sale->'options');
  END IF;

  INSERT INTO sale_payment (shop_id, sale_id, payment_no, method, amount_satang,
    tendered_satang, reference, card_last4, approval_code)
  SELECT p_shop, sale_id, p.ordinality, p.value->>'method', (p.value->>'amount')::bigint,
         (p.value->>'tendered')::bigint, coalesce(p.value->>'reference', ''),
         p.value->>'cardLast4', p.value->>'approvalCode'
    FROM jsonb_array_elements(p_sale->'payments') WITH ORDINALITY AS p;

  -- What a registered till's sale brought that the shop had changed meanwhile (completeSale
  -- names prices and archived items), and stock it took below zero where the shop does not
  -- allow it: kept with the sale for the owner (decision 0071).
  INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
  SELECT p_shop, sale_id, (f->>'line')::integer, f->>'reason', coalesce(f->'detail', '{}')
    FROM jsonb_array_elements(coalesce(p_sale->'flags', '[]'::jsonb)) AS f;
  IF sold_till IS NOT NULL AND NOT (SELECT allow_negative_stock FROM shop WHERE id = p_shop) THEN
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    SELECT p_shop, sale_id, (m->>'line')::integer, 'negativeStock',
           jsonb_build_object('item', (m->>'item')::bigint,
                              'balance', (m->>'locationQtyAfter')::numeric)
      FROM jsonb_array_elements(posted->'movements') AS m
     WHERE (m->>'locationQtyAfter')::numeric < 0;
  END IF;

  -- The customer the bill is for (issue 37, decision 0082), by phone number: linked with the
  -- name it is sold under when the shop has a customer of that number (a till offline may
  -- have attached a number the shop does not know; the sale stands either way).
  IF p_sale->>'customerPhone' IS NOT NULL THEN
    INSERT INTO sale_customer (shop_id, sale_id, customer_id, customer_name)
    SELECT p_shop, sale_id, c.id, c.name
      FROM customer c
     WHERE c.shop_id = p_shop AND c.phone = p_sale->>'customerPhone';
  END IF;

  -- Points (issue 37, decision 0082): the redemption and the points earned, in this transaction.
  IF p_sale->>'customerPhone' IS NOT NULL OR p_sale->>'redeemPoints' IS NOT NULL THEN
    PERFORM points_sale(p_shop, sale_id, p_sale);
  END IF;

  -- Price levels (issue 37, decision 0089): the level the sale was sold at.
  IF p_sale->>'priceLevelId' IS NOT NULL THEN
    PERFORM sale_post_price_level(p_shop, sale_id, p_sale);
  END IF;

  -- Selling on account (issue 37, decision 0083): charged to the customer within the limit.
  IF p_sale->'payments' @> '[{"method": "account"}]' THEN
    PERFORM account_sale(p_shop, sale_id, p_sale);
  END IF;

  RETURN jsonb_build_object('id', sale_id, 'documentKind', kind, 'documentNumber', doc_number,
    'totalSatang', (p_sale->>'total')::bigint, 'changeSatang', (p_sale->>'change')::bigint);
END;
$function$;
