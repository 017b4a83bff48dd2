-- The public lists, ordered for a supplier: open notices first, the nearest deadline first, then
-- the closed ones, the latest deadline first (each then by id). "Open" is relative to the
-- service's clock, which the caller passes (tests set it).
--
-- Totals: plain lists and terms of one or two characters keep their exact counts (migration
-- 003). A longer term is counted through the trigram index up to p_cap matches, once: its count
-- is kept in notice_term_counts until a notice is written. Below the cap the total is exact; at
-- the cap the answer says `totalCapped`. The page then comes from whichever reads fewer rows:
-- the matches found by the trigram index, sorted (about `total` rows), or a walk of the list
-- order keeping matches (about (offset + limit) * list total / total rows).
DROP FUNCTION notice_list(smallint, text, int, int);

-- How many notices of a list match a search term of three or more characters (lowered), counted
-- up to a cap plus one. Emptied whenever a notice is written. A count made by a transaction that
-- began before a notice was written elsewhere (several connections on PostgreSQL) could outlive
-- that emptying, so a count is used for ten minutes at most; housekeeping drops older rows (terms
-- are whatever people type).
CREATE TABLE notice_term_counts (
  term text NOT NULL,
  bind_or_purchase smallint NOT NULL,
  cap int NOT NULL,
  n int NOT NULL,
  -- The service's clock at the count (the caller's p_now), as housekeeping reads it.
  counted_at timestamptz NOT NULL,
  PRIMARY KEY (term, bind_or_purchase, cap)
);

CREATE FUNCTION notice_term_counts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notice_term_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER notices_term_counts_forget AFTER INSERT OR UPDATE OR DELETE ON notices
  FOR EACH STATEMENT EXECUTE FUNCTION notice_term_counts_forget();

-- Whether a notice matches a lowered search term: a substring of one of the four fields, never
-- across two of them (search_text joins them). Inlined by the planner.
CREATE FUNCTION notice_matches(search_text text, tender_no text, title text, issuing_unit text, project_address text, s text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s = '' OR (strpos(search_text, s) > 0
    AND (strpos(lower(tender_no), s) > 0 OR strpos(lower(title), s) > 0
         OR strpos(lower(issuing_unit), s) > 0 OR strpos(lower(project_address), s) > 0))
$$;

-- One page of matches in list order, by walking notices_list_idx: the open part (backwards)
-- from the offset; the closed part only when the open part does not fill the page, from the
-- offset left after the open matches (counted only then, and never further than the offset).
-- A page costs the rows walked up to it, not the whole list.
CREATE FUNCTION notice_page_ids(p_type smallint, s text, p_limit int, p_offset int, p_now timestamptz) RETURNS bigint[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  ids bigint[];
  taken int;
  open_n bigint;
BEGIN
  ids := ARRAY(SELECT id FROM notices
                WHERE bind_or_purchase = p_type AND cutoff_time > p_now
                  AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
                ORDER BY cutoff_time, id LIMIT p_limit OFFSET p_offset);
  taken := coalesce(array_length(ids, 1), 0);
  IF taken = p_limit THEN
    RETURN ids;
  END IF;
  IF taken > 0 OR p_offset = 0 THEN
    open_n := p_offset + taken;
  ELSE
    open_n := (SELECT count(*) FROM (SELECT 1 FROM notices
                                      WHERE bind_or_purchase = p_type AND cutoff_time > p_now
                                        AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
                                      LIMIT p_offset) AS o);
  END IF;
  RETURN ids || ARRAY(SELECT id FROM notices
                       WHERE bind_or_purchase = p_type AND cutoff_time <= p_now
                         AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
                       ORDER BY cutoff_time DESC, id DESC LIMIT p_limit - taken OFFSET greatest(0, p_offset - open_n));
END $$;

-- One page of a public list with its total, as the JSON of the contract's page, in one round
-- trip (see migration 003 for why). Writes only notice_term_counts.
CREATE FUNCTION notice_list(p_type smallint, p_search text, p_limit int, p_offset int, p_now timestamptz, p_cap int) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s text := lower(coalesce(p_search, ''));
  len int := length(s);
  pattern text := '%' || replace(replace(replace(lower(coalesce(p_search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  total bigint := 0;
  capped boolean := false;
  ids bigint[] := '{}';
  list_total bigint := coalesce((SELECT n FROM notice_counts WHERE bind_or_purchase = p_type), 0);
BEGIN
  IF len >= 3 THEN
    total := (SELECT n FROM notice_term_counts
               WHERE term = s AND bind_or_purchase = p_type AND cap = p_cap AND counted_at > p_now - interval '10 minutes');
    IF total IS NULL THEN
      -- Not counted yet: the trigram index finds the candidates; at most p_cap + 1 matches are
      -- counted and ordered in the same pass, and the count is kept.
      SELECT count(*), coalesce(array_agg(m.id ORDER BY m.closed, m.open_at, m.closed_at DESC, CASE WHEN m.closed THEN -m.id ELSE m.id END), '{}')
        INTO total, ids
        FROM (SELECT id, cutoff_time <= p_now AS closed,
                     CASE WHEN cutoff_time > p_now THEN cutoff_time END AS open_at,
                     CASE WHEN cutoff_time <= p_now THEN cutoff_time END AS closed_at
                FROM notices
               WHERE bind_or_purchase = p_type AND search_text LIKE pattern
                 AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
               LIMIT p_cap + 1) AS m;
      INSERT INTO notice_term_counts (term, bind_or_purchase, cap, n, counted_at) VALUES (s, p_type, p_cap, total, p_now)
        ON CONFLICT (term, bind_or_purchase, cap) DO UPDATE SET n = excluded.n, counted_at = excluded.counted_at;
      IF total <= p_cap THEN
        ids := ids[p_offset + 1 : p_offset + p_limit];
      ELSE
        ids := notice_page_ids(p_type, s, p_limit, p_offset, p_now);
      END IF;
    ELSIF total > 0 AND (total > p_cap OR total * total > (p_offset + p_limit)::bigint * list_total) THEN
      -- A frequent term: the walk of the list order meets the page soon.
      ids := notice_page_ids(p_type, s, p_limit, p_offset, p_now);
    ELSIF total > 0 THEN
      -- A rare term: its few matches, sorted.
      ids := ARRAY(SELECT id FROM notices
                    WHERE bind_or_purchase = p_type AND search_text LIKE pattern
                      AND notice_matches(search_text, tender_no, title, issuing_unit, project_address, s)
                    ORDER BY cutoff_time <= p_now, CASE WHEN cutoff_time > p_now THEN cutoff_time END,
                             CASE WHEN cutoff_time <= p_now THEN cutoff_time END DESC,
                             CASE WHEN cutoff_time <= p_now THEN -id ELSE id END
                    LIMIT p_limit OFFSET p_offset);
    END IF;
    IF total > p_cap THEN
      total := p_cap;
      capped := true;
    END IF;
  ELSE
    IF len = 0 THEN
      total := list_total;
    ELSE
      total := coalesce((SELECT n FROM notice_gram_counts WHERE gram = s AND bind_or_purchase = p_type), 0);
    END IF;
    IF total > 0 THEN
      ids := notice_page_ids(p_type, s, p_limit, p_offset, p_now);
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
