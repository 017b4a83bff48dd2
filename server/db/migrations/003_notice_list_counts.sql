-- Totals of the public lists without counting the notices on every request.
--
-- notice_counts: the total of each list (bidding 0, purchasing 1).
-- notice_gram_counts: per list, how many notices contain each character (unigram) and each pair
--   of adjacent characters (bigram) in one of the searchable fields (tender number, title,
--   issuing unit, project location), lowered; a gram never spans two fields. A search term of one
--   or two characters is exactly one gram, so its total is one lookup here: the common case in
--   Chinese, and the one the trigram index of 001 cannot serve.
-- Both are kept by statement triggers, so a bulk insert updates them once.
CREATE TABLE notice_counts (
  bind_or_purchase smallint PRIMARY KEY,
  n bigint NOT NULL
);

CREATE TABLE notice_gram_counts (
  gram text NOT NULL,
  bind_or_purchase smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (gram, bind_or_purchase)
);

-- The distinct unigrams and bigrams of the searchable fields of one notice.
CREATE FUNCTION notice_grams_of(tender_no text, title text, issuing_unit text, project_address text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(f.s, i, w)
    FROM unnest(ARRAY[lower(tender_no), lower(title), lower(issuing_unit), lower(project_address)]) AS f(s),
         generate_series(1, length(f.s)) AS i,
         (VALUES (1), (2)) AS x(w)
   WHERE i + w - 1 <= length(f.s)
$$;

CREATE FUNCTION notices_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notice_gram_counts (gram, bind_or_purchase, n)
  SELECT g.gram, r.bind_or_purchase, count(*)
    FROM new_rows r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (gram, bind_or_purchase) DO UPDATE SET n = notice_gram_counts.n + excluded.n;
  INSERT INTO notice_counts (bind_or_purchase, n)
  SELECT bind_or_purchase, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (bind_or_purchase) DO UPDATE SET n = notice_counts.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION notices_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notice_gram_counts t SET n = t.n - c.n
    FROM (SELECT g.gram, r.bind_or_purchase, count(*) AS n
            FROM old_rows r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram)
           GROUP BY 1, 2) AS c
   WHERE t.gram = c.gram AND t.bind_or_purchase = c.bind_or_purchase;
  DELETE FROM notice_gram_counts WHERE n <= 0;
  UPDATE notice_counts t SET n = t.n - o.n
    FROM (SELECT bind_or_purchase, count(*) AS n FROM old_rows GROUP BY 1) AS o
   WHERE t.bind_or_purchase = o.bind_or_purchase;
  RETURN NULL;
END $$;

-- An update is the old rows leaving and the new rows coming (cheap: updates are rare).
CREATE FUNCTION notices_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notice_gram_counts (gram, bind_or_purchase, n)
  SELECT gram, bind_or_purchase, sum(d) FROM (
    SELECT g.gram, r.bind_or_purchase, -1 AS d FROM old_rows r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram)
    UNION ALL
    SELECT g.gram, r.bind_or_purchase, 1 FROM new_rows r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram)
  ) AS c GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (gram, bind_or_purchase) DO UPDATE SET n = notice_gram_counts.n + excluded.n;
  DELETE FROM notice_gram_counts WHERE n <= 0;
  INSERT INTO notice_counts (bind_or_purchase, n)
  SELECT bind_or_purchase, sum(d) FROM (
    SELECT bind_or_purchase, -1 AS d FROM old_rows UNION ALL SELECT bind_or_purchase, 1 FROM new_rows
  ) AS c GROUP BY 1 ORDER BY 1
  ON CONFLICT (bind_or_purchase) DO UPDATE SET n = notice_counts.n + excluded.n;
  RETURN NULL;
END $$;

CREATE TRIGGER notices_count_insert AFTER INSERT ON notices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notices_count_insert();
CREATE TRIGGER notices_count_delete AFTER DELETE ON notices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notices_count_delete();
CREATE TRIGGER notices_count_update AFTER UPDATE ON notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notices_count_update();

-- The notices that exist already.
INSERT INTO notice_counts (bind_or_purchase, n)
SELECT t, (SELECT count(*) FROM notices WHERE bind_or_purchase = t) FROM (VALUES (0::smallint), (1::smallint)) AS v(t);
INSERT INTO notice_gram_counts (gram, bind_or_purchase, n)
SELECT g.gram, r.bind_or_purchase, count(*)
  FROM notices r, notice_grams_of(r.tender_no, r.title, r.issuing_unit, r.project_address) AS g(gram) GROUP BY 1, 2;

-- One page of a public list with its total, as the JSON of the contract's page (records, total),
-- in one round trip: on the embedded database every statement costs a fixed few hundred
-- microseconds, and a PL/pgSQL function keeps its plans prepared.
-- Order: latest cut-off first, then the newest id. A search is a case-insensitive substring of
-- one of the four fields (never across two); `%` and `_` are plain characters.
CREATE FUNCTION notice_list(p_type smallint, p_search text, p_limit int, p_offset int) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  s text := lower(coalesce(p_search, ''));
  len int := length(s);
  total bigint := 0;
  ids bigint[] := '{}';
BEGIN
  IF len = 0 THEN
    total := coalesce((SELECT n FROM notice_counts WHERE bind_or_purchase = p_type), 0);
    ids := ARRAY(SELECT id FROM notices WHERE bind_or_purchase = p_type ORDER BY cutoff_time DESC, id DESC LIMIT p_limit OFFSET p_offset);
  ELSIF len <= 2 THEN
    -- One gram: the total is counted already; the page walks the list order and keeps matches,
    -- which reads about (offset + limit) * lists total / term total rows.
    total := coalesce((SELECT n FROM notice_gram_counts WHERE gram = s AND bind_or_purchase = p_type), 0);
    IF total > 0 THEN
      ids := ARRAY(SELECT id FROM notices
                    WHERE bind_or_purchase = p_type AND strpos(search_text, s) > 0
                      AND (strpos(lower(tender_no), s) > 0 OR strpos(lower(title), s) > 0
                           OR strpos(lower(issuing_unit), s) > 0 OR strpos(lower(project_address), s) > 0)
                    ORDER BY cutoff_time DESC, id DESC LIMIT p_limit OFFSET p_offset);
    END IF;
  ELSE
    -- Three characters or more: the trigram index finds the candidates, each verified against
    -- its fields; one pass counts them and picks the page.
    SELECT count(*), coalesce(array_agg(m.id ORDER BY m.rn) FILTER (WHERE m.rn > p_offset AND m.rn <= p_offset + p_limit), '{}')
      INTO total, ids
      FROM (SELECT id, row_number() OVER (ORDER BY cutoff_time DESC, id DESC) AS rn
              FROM notices
             WHERE bind_or_purchase = p_type
               AND search_text LIKE '%' || replace(replace(replace(s, '\', '\\'), '%', '\%'), '_', '\_') || '%'
               AND (strpos(lower(tender_no), s) > 0 OR strpos(lower(title), s) > 0
                    OR strpos(lower(issuing_unit), s) > 0 OR strpos(lower(project_address), s) > 0)) AS m;
  END IF;
  RETURN json_build_object('total', total, 'records', coalesce((
    SELECT json_agg(json_build_object(
             'id', n.id::text, 'bindOrPurchase', n.bind_or_purchase, 'tenderNo', n.tender_no, 'title', n.title,
             'issuingUnit', n.issuing_unit, 'projectAddress', n.project_address, 'registrationCount', n.registration_count,
             'cutoffTime', to_char(n.cutoff_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'publishedAt', to_char(n.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY u.ord)
      FROM unnest(ids) WITH ORDINALITY AS u(id, ord) JOIN notices n ON n.id = u.id), '[]'::json))::text;
END $$;
