-- Up Migration
-- PostgreSQL CPU per review action (issue 27). The same rows are read and written, under the
-- same checks and the same lock: only how the statements find and write them changes.
--
-- 1. Lookups by primary key took another index. Until autovacuum first analyzes a table (a
--    minute or more on a new database), the planner knows nothing of `team` and estimates
--    "team = $1" at one row, so any index leading with team ties with the primary key; for
--    event_review it often took (team, changed_at) and then filtered every event of the team,
--    per event looked up and per row updated (and PL/pgSQL keeps a plan until the table is
--    analyzed). The secondary indexes no longer lead with team, so a lookup by team and
--    key has only the primary key to use. The work queue's index now also carries its whole
--    order (changed_at DESC, event_id): no sort; a database shared by several teams filters
--    the others' rows as it walks it. The old requests are pruned by received_at first.
DROP INDEX event_review_changed;
CREATE INDEX event_review_changed ON event_review (changed_at DESC, event_id);
DROP INDEX review_request_received;
CREATE INDEX review_request_received ON review_request (received_at, team);

-- 2. `column = ANY (array)` and joins on jsonb_populate_recordset, whose row counts the planner
--    cannot know, could be planned as scans of the whole table (review_request holds a row per
--    request ever made). The lookups go one key at a time through a LATERAL subquery behind
--    OFFSET 0 (which the planner cannot flatten into a join): a primary-key probe each, whatever
--    the arrays' lengths, so both functions keep one generic plan per statement and connection
--    (force_generic_plan): planned per call instead (a custom plan looked cheaper for every
--    array length), review_begin cost more to plan than to run.
CREATE OR REPLACE FUNCTION review_begin(p_team text, p_event_ids text[], p_keys text[], p_user_keys text[]) RETURNS json
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  head record;
BEGIN
  SELECT last_sequence, encode(chain_mac, 'hex') AS chain_mac, chain_key_id INTO head
    FROM review_sequence WHERE team = p_team FOR UPDATE;
  RETURN json_build_object(
    -- The changes' time: after the lock, so times follow the sequence; milliseconds, as the wire writes them.
    'at', date_trunc('milliseconds', clock_timestamp()),
    'lastSequence', head.last_sequence,
    'chainMac', head.chain_mac,
    'chainKeyId', head.chain_key_id,
    'outcomes', (SELECT coalesce(json_object_agg(r.idempotency_key, json_build_object('userKey', r.user_key,
                  'requestHash', encode(r.request_hash, 'hex'), 'status', r.status, 'response', r.response)), '{}')
                 FROM (SELECT DISTINCT unnest(p_keys)) AS k(key)
                 CROSS JOIN LATERAL (SELECT * FROM review_request r
                   WHERE r.team = p_team AND r.idempotency_key = k.key OFFSET 0) r),
    'states', (SELECT coalesce(json_agg(e), '[]')
               FROM (SELECT DISTINCT unnest(p_event_ids)) AS i(event_id)
               CROSS JOIN LATERAL (SELECT * FROM event_review e
                 WHERE e.team = p_team AND e.event_id = i.event_id OFFSET 0) e),
    'reads', (SELECT coalesce(json_agg(json_build_object('userKey', r.user_key, 'eventId', r.event_id, 'read', r.read)), '[]')
              FROM (SELECT DISTINCT unnest(p_event_ids)) AS i(event_id)
              CROSS JOIN LATERAL (SELECT r.user_key, r.event_id, r.read FROM event_read r
                WHERE r.team = p_team AND r.event_id = i.event_id AND r.user_key = ANY (p_user_keys) OFFSET 0) r));
END
$$;

-- 3. review_write wrote request by request, six to eight statements each. It now writes each
--    table once per group, set-wise, in the requests' order; only the updates of review states
--    stay one row at a time (an event may change more than once in a group, each change naming
--    the version before it). The last read mark and snapshot of an event in a group win, as they
--    did when written one after the other. The payload is parsed once (jsonb).
CREATE OR REPLACE FUNCTION review_write(p jsonb) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_team text := p ->> 'team';
  v_at timestamptz := (p ->> 'at')::timestamptz;
  n event_review;
BEGIN
  -- An event's first state (version 1) comes before any later change of it in the group.
  INSERT INTO event_review
    SELECT s.* FROM jsonb_array_elements(p -> 'changes') AS c(change),
      jsonb_populate_recordset(null::event_review, c.change -> 'created') AS s;
  -- One row at a time, by primary key, in the requests' order.
  FOR n IN SELECT s.* FROM jsonb_array_elements(p -> 'changes') WITH ORDINALITY AS c(change, i),
             jsonb_populate_recordset(null::event_review, c.change -> 'changed') AS s ORDER BY c.i LOOP
    UPDATE event_review e SET version = n.version, flagged = n.flagged, notes = n.notes,
        assignee_key = n.assignee_key, assignee_name = n.assignee_name, event_type = n.event_type,
        four_eyes = n.four_eyes, reviewed_by_key = n.reviewed_by_key, reviewed_by_name = n.reviewed_by_name,
        reviewed_at = n.reviewed_at, reviewed_event_version = n.reviewed_event_version,
        approved_by_key = n.approved_by_key, approved_by_name = n.approved_by_name, approved_at = n.approved_at,
        changed_by_key = n.changed_by_key, changed_by_name = n.changed_by_name, changed_at = n.changed_at
      WHERE e.team = n.team AND e.event_id = n.event_id AND e.version = n.version - 1;
    IF NOT FOUND THEN
      -- Cannot happen under the team's lock; if it ever did, the service runs the requests again.
      RAISE EXCEPTION 'A review state changed under the team''s lock' USING ERRCODE = '40001';
    END IF;
  END LOOP;
  INSERT INTO event_read (team, event_id, user_key, read, changed_at)
    SELECT DISTINCT ON (r.value ->> 'event_id', c.change ->> 'userKey')
        v_team, r.value ->> 'event_id', c.change ->> 'userKey', (r.value ->> 'read')::boolean, v_at
      FROM jsonb_array_elements(p -> 'changes') WITH ORDINALITY AS c(change, i),
        jsonb_array_elements(c.change -> 'reads') WITH ORDINALITY AS r(value, j)
      ORDER BY r.value ->> 'event_id', c.change ->> 'userKey', c.i DESC, r.j DESC
    ON CONFLICT (team, event_id, user_key) DO UPDATE SET read = excluded.read, changed_at = excluded.changed_at;
  INSERT INTO review_change (team, sequence, at, actor_key, actor_name, reviews, reads)
    SELECT v_team, (c.change ->> 'sequence')::bigint, v_at, c.change ->> 'userKey', c.change ->> 'userName',
        (c.change -> 'reviews')::json, (c.change -> 'readMarks')::json
      FROM jsonb_array_elements(p -> 'changes') AS c(change)
      WHERE c.change ->> 'sequence' IS NOT NULL;
  -- Ids in the chain's order (sequence, then position), as when written one request at a time.
  INSERT INTO review_audit (team, sequence, position, event_id, at, actor_key, actor_name, action, before, after,
      event_version, event_facts, mac)
    SELECT v_team, (c.change ->> 'sequence')::bigint, a.position, a.event_id, v_at, c.change ->> 'userKey',
        c.change ->> 'userName', a.action, a.before, a.after, a.event_version, a.event_facts, decode(a.mac, 'hex')
      FROM jsonb_array_elements(p -> 'changes') WITH ORDINALITY AS c(change, i),
        jsonb_to_recordset(c.change -> 'audit') AS a(position smallint, event_id text, action text, before text,
          after text, event_version integer, event_facts json, mac text)
      WHERE c.change ->> 'sequence' IS NOT NULL
      ORDER BY c.i, a.position;
  INSERT INTO event_review_snapshot (team, event_id, version, event)
    SELECT DISTINCT ON (s.value ->> 'event_id') v_team, s.value ->> 'event_id', (s.value ->> 'version')::integer, s.value -> 'event'
      FROM jsonb_array_elements(p -> 'changes') WITH ORDINALITY AS c(change, i),
        jsonb_array_elements(c.change -> 'snapshots') WITH ORDINALITY AS s(value, j)
      WHERE c.change ->> 'sequence' IS NOT NULL
      ORDER BY s.value ->> 'event_id', c.i DESC, s.j DESC
    ON CONFLICT (team, event_id) DO UPDATE SET version = excluded.version, event = excluded.event;
  INSERT INTO review_request (team, idempotency_key, user_key, request_hash, deadline, received_at, status, response, sequence)
    SELECT v_team, c.change ->> 'key', c.change ->> 'userKey', decode(c.change ->> 'requestHash', 'hex'),
        (c.change ->> 'deadline')::timestamptz, v_at, 200, (c.change -> 'response')::json, (c.change ->> 'sequence')::bigint
      FROM jsonb_array_elements(p -> 'changes') AS c(change);
  IF p ->> 'lastSequence' IS NOT NULL THEN
    UPDATE review_sequence SET last_sequence = (p ->> 'lastSequence')::bigint, chain_mac = decode(p ->> 'chainMac', 'hex')
      WHERE team = v_team;
    PERFORM pg_notify('refdesk_team_review', json_build_object('team', v_team, 'sequence', (p ->> 'lastSequence')::bigint)::text);
  END IF;
END
$$;

-- Down Migration
DROP INDEX review_request_received;
CREATE INDEX review_request_received ON review_request (team, received_at);
DROP INDEX event_review_changed;
CREATE INDEX event_review_changed ON event_review (team, changed_at DESC);
-- The functions as 0003 made them.
CREATE OR REPLACE FUNCTION review_begin(p_team text, p_event_ids text[], p_keys text[], p_user_keys text[]) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  SELECT last_sequence, encode(chain_mac, 'hex') AS chain_mac, chain_key_id INTO head
    FROM review_sequence WHERE team = p_team FOR UPDATE;
  RETURN json_build_object(
    -- The changes' time: after the lock, so times follow the sequence; milliseconds, as the wire writes them.
    'at', date_trunc('milliseconds', clock_timestamp()),
    'lastSequence', head.last_sequence,
    'chainMac', head.chain_mac,
    'chainKeyId', head.chain_key_id,
    'outcomes', (SELECT coalesce(json_object_agg(r.idempotency_key, json_build_object('userKey', r.user_key,
                  'requestHash', encode(r.request_hash, 'hex'), 'status', r.status, 'response', r.response)), '{}')
                 FROM review_request r WHERE r.team = p_team AND r.idempotency_key = ANY (p_keys)),
    'states', (SELECT coalesce(json_agg(e), '[]') FROM event_review e
               WHERE e.team = p_team AND e.event_id = ANY (p_event_ids)),
    'reads', (SELECT coalesce(json_agg(json_build_object('userKey', r.user_key, 'eventId', r.event_id, 'read', r.read)), '[]')
              FROM event_read r WHERE r.team = p_team AND r.user_key = ANY (p_user_keys) AND r.event_id = ANY (p_event_ids)));
END
$$;

-- The payload is parsed once (jsonb): each request's parts are then read without parsing again.
CREATE OR REPLACE FUNCTION review_write(p jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_team text := p ->> 'team';
  v_at timestamptz := (p ->> 'at')::timestamptz;
  c jsonb;
  v_user_key text;
  v_sequence bigint;
  v_updated integer;
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(p -> 'changes') LOOP
    v_user_key := c ->> 'userKey';
    v_sequence := (c ->> 'sequence')::bigint;
    IF jsonb_array_length(c -> 'created') > 0 THEN
      INSERT INTO event_review SELECT * FROM jsonb_populate_recordset(null::event_review, c -> 'created');
    END IF;
    IF jsonb_array_length(c -> 'changed') > 0 THEN
      UPDATE event_review e SET version = n.version, flagged = n.flagged, notes = n.notes,
          assignee_key = n.assignee_key, assignee_name = n.assignee_name, event_type = n.event_type,
          four_eyes = n.four_eyes, reviewed_by_key = n.reviewed_by_key, reviewed_by_name = n.reviewed_by_name,
          reviewed_at = n.reviewed_at, reviewed_event_version = n.reviewed_event_version,
          approved_by_key = n.approved_by_key, approved_by_name = n.approved_by_name, approved_at = n.approved_at,
          changed_by_key = n.changed_by_key, changed_by_name = n.changed_by_name, changed_at = n.changed_at
        FROM jsonb_populate_recordset(null::event_review, c -> 'changed') n
        WHERE e.team = n.team AND e.event_id = n.event_id AND e.version = n.version - 1;
      GET DIAGNOSTICS v_updated = ROW_COUNT;
      IF v_updated <> jsonb_array_length(c -> 'changed') THEN
        -- Cannot happen under the team's lock; if it ever did, the service runs the requests again.
        RAISE EXCEPTION 'A review state changed under the team''s lock' USING ERRCODE = '40001';
      END IF;
    END IF;
    IF jsonb_array_length(c -> 'reads') > 0 THEN
      INSERT INTO event_read (team, event_id, user_key, read, changed_at)
        SELECT v_team, r.event_id, v_user_key, r.read, v_at FROM jsonb_to_recordset(c -> 'reads') AS r(event_id text, read boolean)
        ON CONFLICT (team, event_id, user_key) DO UPDATE SET read = excluded.read, changed_at = excluded.changed_at;
    END IF;
    IF v_sequence IS NOT NULL THEN
      INSERT INTO review_change (team, sequence, at, actor_key, actor_name, reviews, reads)
        VALUES (v_team, v_sequence, v_at, v_user_key, c ->> 'userName', (c -> 'reviews')::json, (c -> 'readMarks')::json);
      IF jsonb_array_length(c -> 'audit') > 0 THEN
        INSERT INTO review_audit (team, sequence, position, event_id, at, actor_key, actor_name, action, before, after,
            event_version, event_facts, mac)
          SELECT v_team, v_sequence, a.position, a.event_id, v_at, v_user_key, c ->> 'userName', a.action, a.before, a.after,
            a.event_version, a.event_facts, decode(a.mac, 'hex')
          FROM jsonb_to_recordset(c -> 'audit') AS a(position smallint, event_id text, action text, before text, after text,
            event_version integer, event_facts json, mac text);
      END IF;
      IF jsonb_array_length(c -> 'snapshots') > 0 THEN
        INSERT INTO event_review_snapshot (team, event_id, version, event)
          SELECT v_team, s.event_id, s.version, s.event FROM jsonb_to_recordset(c -> 'snapshots') AS s(event_id text, version integer, event jsonb)
          ON CONFLICT (team, event_id) DO UPDATE SET version = excluded.version, event = excluded.event;
      END IF;
    END IF;
    INSERT INTO review_request (team, idempotency_key, user_key, request_hash, deadline, received_at, status, response, sequence)
      VALUES (v_team, c ->> 'key', v_user_key, decode(c ->> 'requestHash', 'hex'), (c ->> 'deadline')::timestamptz, v_at,
        200, (c -> 'response')::json, v_sequence);
  END LOOP;
  IF p ->> 'lastSequence' IS NOT NULL THEN
    UPDATE review_sequence SET last_sequence = (p ->> 'lastSequence')::bigint, chain_mac = decode(p ->> 'chainMac', 'hex')
      WHERE team = v_team;
    PERFORM pg_notify('refdesk_team_review', json_build_object('team', v_team, 'sequence', (p ->> 'lastSequence')::bigint)::text);
  END IF;
END
$$;

