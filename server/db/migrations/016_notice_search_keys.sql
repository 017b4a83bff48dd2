-- Search of the public lists on an index of our own, on both engines, that serves terms of every
-- length, knows the list type, and is written only when a notice is.
--
-- The keys of a notice are its list type followed by each character and each pair of adjacent
-- characters of its four searchable fields, lowered (a key never spans two fields): '0纸',
-- '0卡纸', '1kr'. One GIN index over them (compressed posting lists: about a byte per key and
-- notice) replaces the trigram index of 001, which could not serve terms of one or two characters
-- (the common case in Chinese: they walked the whole list) and did not know the list type (a term
-- frequent in the other list read thousands of rows to find a few).
--
-- A term of one or two characters is one key: its matches exactly, and its total is kept already
-- (notice_gram_counts, 003). A longer term needs every pair of its characters: the index answers
-- a superset, each candidate checked against the fields.
--
-- Totals of search terms are no longer kept (notice_term_counts of 009 is gone): a longer term is
-- counted on every search, up to the cap, through the index, unless the caller knows it is past
-- the cap (p_capped: each instance remembers such terms for a minute, server/db/notice-repo.ts).
-- A search writes nothing.
--
-- A search reaches the first p_cap matches: a term that matches more says so (`totalCapped`)
-- and a page past the cap, or past the total, answers at once with no records. A supplier who
-- searches that broadly refines the term rather than pages on.
DROP TRIGGER notices_term_counts_forget ON notices;
DROP FUNCTION notice_term_counts_forget();
DROP TABLE notice_term_counts;
DROP INDEX notices_search_idx;

-- The grams of notice_grams_of (003), written out: an index expression is computed with only
-- pg_catalog on the search path (PostgreSQL 17), and the schema varies (tests, benchmarks).
CREATE FUNCTION notice_search_keys(p_type smallint, tender_no text, title text, issuing_unit text, project_address text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT p_type::text || substr(f.s, i, w)), '{}')
    FROM unnest(ARRAY[lower(tender_no), lower(title), lower(issuing_unit), lower(project_address)]) AS f(s),
         generate_series(1, length(f.s)) AS i,
         (VALUES (1), (2)) AS x(w)
   WHERE i + w - 1 <= length(f.s)
$$;

-- The keys every match of a (lowered) term of a list has.
CREATE FUNCTION notice_term_keys(p_type smallint, s text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(s) <= 2 THEN ARRAY[p_type::text || s]
              ELSE ARRAY(SELECT DISTINCT p_type::text || substr(s, i, 2) FROM generate_series(1, length(s) - 1) AS i) END
$$;

CREATE INDEX notices_search_keys_idx ON notices
  USING gin (notice_search_keys(bind_or_purchase, tender_no, title, issuing_unit, project_address));

-- One page of a public list with its total, as the JSON of the contract's page, in one round
-- trip. The page comes from whichever reads fewer rows: a walk of the list order keeping matches
-- (notice_page_ids, 009: about (offset + limit) * list total / matches rows) or every match found
-- by the index, sorted (about `matches` rows). A longer term past the cap has between the cap and
-- the count of its rarest pair of characters (notice_gram_counts) matches: each way is judged by
-- what it costs at worst.
DROP FUNCTION notice_list(smallint, text, int, int, timestamptz, int);
CREATE FUNCTION notice_list(p_type smallint, p_search text, p_limit int, p_offset int, p_now timestamptz, p_cap int, p_capped boolean DEFAULT false) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  s text := lower(coalesce(p_search, ''));
  len int := length(s);
  keys text[] := notice_term_keys(p_type, s);
  total bigint := 0;
  capped boolean := false;
  ids bigint[] := '{}';
  list_total bigint := coalesce((SELECT n FROM notice_counts WHERE bind_or_purchase = p_type), 0);
  fewest bigint;
  most bigint;
BEGIN
  IF len = 0 THEN
    total := list_total;
    IF p_offset < total THEN
      ids := notice_page_ids(p_type, s, p_limit, p_offset, p_now);
    END IF;
  ELSE
    IF len <= 2 THEN
      total := coalesce((SELECT n FROM notice_gram_counts WHERE gram = s AND bind_or_purchase = p_type), 0);
      fewest := total;
      most := total;
    ELSIF p_capped THEN
      total := p_cap + 1;
    ELSE
      -- Counted up to the cap and one, and ordered in the same pass: for a term under the cap,
      -- that is its page too.
      SELECT count(*), coalesce(array_agg(m.id ORDER BY m.closed, m.open_at, m.closed_at DESC, CASE WHEN m.closed THEN -m.id ELSE m.id END), '{}')
        INTO total, ids
        FROM (SELECT id, cutoff_time <= p_now AS closed,
                     CASE WHEN cutoff_time > p_now THEN cutoff_time END AS open_at,
                     CASE WHEN cutoff_time <= p_now THEN cutoff_time END AS closed_at
                FROM notices
               WHERE notice_search_keys(bind_or_purchase, tender_no, title, issuing_unit, project_address) @> keys
                 AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
               LIMIT p_cap + 1) AS m;
    END IF;
    IF len > 2 AND total > p_cap THEN
      fewest := total;
      most := (SELECT min(coalesce(c.n, 0)) FROM generate_series(1, len - 1) AS i
                 LEFT JOIN notice_gram_counts c ON c.gram = substr(s, i, 2) AND c.bind_or_purchase = p_type);
    END IF;
    IF total > p_cap THEN
      total := p_cap;
      capped := true;
    END IF;
    IF p_offset >= total THEN
      ids := '{}';
    ELSIF len > 2 AND NOT capped THEN
      ids := ids[p_offset + 1 : p_offset + p_limit];
    ELSIF most * fewest > least(p_offset + p_limit, total) * list_total THEN
      -- A frequent term: the walk of the list order meets the page soon.
      ids := notice_page_ids(p_type, s, least(p_limit, total - p_offset)::int, p_offset, p_now);
    ELSE
      -- Few matches, or a page far down: every match, sorted.
      ids := ARRAY(SELECT id FROM notices
                    WHERE notice_search_keys(bind_or_purchase, tender_no, title, issuing_unit, project_address) @> keys
                      AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
                    ORDER BY cutoff_time <= p_now, CASE WHEN cutoff_time > p_now THEN cutoff_time END,
                             CASE WHEN cutoff_time <= p_now THEN cutoff_time END DESC,
                             CASE WHEN cutoff_time <= p_now THEN -id ELSE id END
                    LIMIT least(p_limit, total - p_offset) OFFSET p_offset);
    END IF;
  END IF;
  RETURN json_build_object('total', total, 'totalCapped', capped, 'records', coalesce((
    SELECT json_agg(json_build_object(
             'id', n.id::text, 'bindOrPurchase', n.bind_or_purchase, 'tenderNo', n.tender_no, 'title', n.title,
             'issuingUnit', n.issuing_unit, 'projectAddress', n.project_address, 'registrationCount', n.registration_count,
             'cutoffTime', to_char(n.cutoff_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'publishedAt', to_char(n.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY u.ord)
      FROM unnest(ids) WITH ORDINALITY AS u(id, ord) JOIN notices n ON n.id = u.id), '[]'::json))::text;
END $$;
