-- The parts of an enquiry as JSON, read by server/db/enquiry-repo.ts: a supplier's detail in one
-- statement, the operator's reads with the same SQL. PL/pgSQL, so that each session plans them
-- once (a detail planned afresh on every call spent more time planning than running). Decimals
-- are text; times are timestamptz, which the callers make ISO 8601.

-- The lines of an enquiry with one round's targets and one supplier's prices (none for NULL).
CREATE FUNCTION enquiry_lines_json(p_enquiry uuid, p_supplier uuid, p_round int) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'id', l.id::text, 'lineNo', l.line_no, 'materialNo', l.material_no, 'name', l.name, 'specification', l.specification,
             'unit', l.unit, 'brand', l.brand, 'quantity', l.quantity::text, 'expectedPrice', l.expected_price::text, 'targetPrice', t.price::text,
             'latestQuotation', (SELECT ql.price::text FROM enquiry_quote_lines ql JOIN enquiry_quotes q ON q.id = ql.quote_id
                                  WHERE ql.line_id = l.id AND q.supplier_id = p_supplier AND q.round < p_round ORDER BY q.round DESC LIMIT 1),
             'replyPrice', (SELECT ql.price::text FROM enquiry_quote_lines ql JOIN enquiry_quotes q ON q.id = ql.quote_id
                             WHERE ql.line_id = l.id AND q.supplier_id = p_supplier AND q.round = p_round),
             'packageSpecification', l.package_specification) ORDER BY l.line_no), '[]'::json)
      FROM enquiry_lines l
      LEFT JOIN enquiry_target_prices t ON t.enquiry_id = l.enquiry_id AND t.round = p_round AND t.line_id = l.id
     WHERE l.enquiry_id = p_enquiry);
END $$;

-- The rounds of an enquiry, first first.
CREATE FUNCTION enquiry_rounds_json(p_enquiry uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object('round', r.round, 'promoter', r.promoter, 'openedAt', r.opened_at, 'deadline', r.deadline) ORDER BY r.round), '[]'::json)
      FROM enquiry_rounds r WHERE r.enquiry_id = p_enquiry);
END $$;

-- The quotes of an enquiry, of one supplier or (NULL) of all, oldest round first, lines in line order.
CREATE FUNCTION enquiry_quotes_json(p_enquiry uuid, p_supplier uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'supplierId', q.supplier_id::text, 'round', q.round, 'submittedAt', q.submitted_at, 'currency', q.currency,
             'taxIncluded', q.tax_included, 'deliveryDate', to_char(q.delivery_date, 'YYYY-MM-DD'), 'remark', q.remark,
             'total', q.total::text, 'letter', q.letter,
             'lines', (SELECT coalesce(json_agg(json_build_object('lineId', ql.line_id::text, 'price', ql.price::text) ORDER BY l.line_no), '[]'::json)
                         FROM enquiry_quote_lines ql JOIN enquiry_lines l ON l.id = ql.line_id WHERE ql.quote_id = q.id))
             ORDER BY q.round, q.submitted_at, q.id), '[]'::json)
      FROM enquiry_quotes q WHERE q.enquiry_id = p_enquiry AND (p_supplier IS NULL OR q.supplier_id = p_supplier));
END $$;
