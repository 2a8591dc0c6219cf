-- Up Migration
-- Notes as their own rows (issue 27). Every shared change of an event copied the event's whole
-- notes thread: into a new row version of event_review, into the request's kept outcome
-- (review_request.response) and the change feed, and three times through the write's payload;
-- the cost of an action grew with the thread. A note is now one append-only row of event_note,
-- written once by the change that adds it. A kept outcome names each state's thread by its last
-- note's Id ("NotesThrough") instead of carrying it: the thread is append-only and its Ids run
-- 1, 2, 3…, so the notes up to that Id are the thread as the change left it, put back when a
-- retry reads it (the wire is unchanged; outcomes kept before this migration carry their
-- "Notes" and are answered as they are). The change feed (review_change) still keeps the states
-- as the wire writes them: every replica reads each change, and putting threads back there cost
-- more than writing them once (bench, feed read 0.1 -> 0.4 ms).

CREATE TABLE event_note (
  team text NOT NULL,
  event_id text NOT NULL,
  -- 1 for an event's first note, then one more per note.
  id integer NOT NULL CHECK (id > 0),
  by_key text NOT NULL,
  by_name text NOT NULL,
  at timestamptz NOT NULL,
  text text NOT NULL,
  PRIMARY KEY (team, event_id, id)
);
CREATE TRIGGER event_note_append_only BEFORE UPDATE OR DELETE ON event_note
  FOR EACH ROW EXECUTE FUNCTION refuse_rewriting_history();
CREATE TRIGGER event_note_no_truncate BEFORE TRUNCATE ON event_note
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewriting_history();

INSERT INTO event_note (team, event_id, id, by_key, by_name, at, text)
  SELECT e.team, e.event_id, (n.value ->> 'Id')::integer, n.value -> 'By' ->> 'UserKey', n.value -> 'By' ->> 'Name',
      (n.value ->> 'At')::timestamptz, n.value ->> 'Text'
    FROM event_review e, jsonb_array_elements(e.notes) AS n(value);
ALTER TABLE event_review DROP COLUMN notes;

-- The change feed's states and the kept answers as jsonb: the write's payload is jsonb, and
-- storing json printed and parsed each again (review_change's and review_request's INSERTs were
-- 0.28 and 0.27 ms per group); reading jsonb back only prints it.
ALTER TABLE review_change ALTER COLUMN reviews TYPE jsonb, ALTER COLUMN reads TYPE jsonb;
ALTER TABLE review_request ALTER COLUMN response TYPE jsonb;

REVOKE ALL ON event_note FROM PUBLIC;
GRANT SELECT, INSERT ON event_note TO refdesk_review_service;

-- One note as the wire writes it (At in milliseconds, UTC, as the service writes times). STABLE,
-- as to_char is: so it is inlined into the queries that call it, not run as a call per note.
CREATE FUNCTION review_note_wire(n event_note) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT json_build_object('Id', n.id, 'By', json_build_object('UserKey', n.by_key, 'Name', n.by_name),
    'At', to_char(n.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'Text', n.text)
$$;

-- review_begin reads the group's notes beside the states (the service plans AddNote on the
-- thread's length and answers the threads); it no longer reads a thread inside each state.
-- It also answers the changes committed after p_since (the replica's change feed's last
-- delivered one) when there are a few: under the team's lock every change up to last_sequence
-- is committed, so the replica's streams get them without the feed reading them (NULL: none).
DROP FUNCTION review_begin(text, text[], text[], text[]);
CREATE FUNCTION review_begin(p_team text, p_event_ids text[], p_keys text[], p_user_keys text[], p_since bigint) RETURNS json
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
    'notes', (SELECT coalesce(json_agg(json_build_object('eventId', n.event_id, 'note', review_note_wire(n))
                ORDER BY n.event_id, n.id), '[]')
              FROM (SELECT DISTINCT unnest(p_event_ids)) AS i(event_id)
              CROSS JOIN LATERAL (SELECT * FROM event_note n
                WHERE n.team = p_team AND n.event_id = i.event_id OFFSET 0) n),
    'reads', (SELECT coalesce(json_agg(json_build_object('userKey', r.user_key, 'eventId', r.event_id, 'read', r.read)), '[]')
              FROM (SELECT DISTINCT unnest(p_event_ids)) AS i(event_id)
              CROSS JOIN LATERAL (SELECT r.user_key, r.event_id, r.read FROM event_read r
                WHERE r.team = p_team AND r.event_id = i.event_id AND r.user_key = ANY (p_user_keys) OFFSET 0) r),
    'changes', (SELECT coalesce(json_agg(json_build_object('sequence', c.sequence, 'at', c.at, 'actorKey', c.actor_key,
                  'actorName', c.actor_name, 'reviews', c.reviews, 'reads', c.reads) ORDER BY c.sequence), '[]')
                FROM review_change c
                WHERE c.team = p_team AND c.sequence > p_since AND head.last_sequence - p_since BETWEEN 1 AND 64));
END
$$;
REVOKE ALL ON FUNCTION review_begin(text, text[], text[], text[], bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION review_begin(text, text[], text[], text[], bigint) TO refdesk_review_service;

-- review_write: the states without their threads; each added note once, into event_note.
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
    UPDATE event_review e SET version = n.version, flagged = n.flagged,
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
  -- A note Id taken twice (cannot happen under the team's lock) fails the primary key: the group is run again.
  INSERT INTO event_note (team, event_id, id, by_key, by_name, at, text)
    SELECT v_team, x.event_id, x.id, c.change ->> 'userKey', c.change ->> 'userName', v_at, x.text
      FROM jsonb_array_elements(p -> 'changes') AS c(change),
        jsonb_to_recordset(c.change -> 'notes') AS x(event_id text, id integer, text text);
  INSERT INTO event_read (team, event_id, user_key, read, changed_at)
    SELECT DISTINCT ON (r.value ->> 'event_id', c.change ->> 'userKey')
        v_team, r.value ->> 'event_id', c.change ->> 'userKey', (r.value ->> 'read')::boolean, v_at
      FROM jsonb_array_elements(p -> 'changes') WITH ORDINALITY AS c(change, i),
        jsonb_array_elements(c.change -> 'reads') WITH ORDINALITY AS r(value, j)
      ORDER BY r.value ->> 'event_id', c.change ->> 'userKey', c.i DESC, r.j DESC
    ON CONFLICT (team, event_id, user_key) DO UPDATE SET read = excluded.read, changed_at = excluded.changed_at;
  INSERT INTO review_change (team, sequence, at, actor_key, actor_name, reviews, reads)
    SELECT v_team, (c.change ->> 'sequence')::bigint, v_at, c.change ->> 'userKey', c.change ->> 'userName',
        c.change -> 'reviews', c.change -> 'readMarks'
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
        (c.change ->> 'deadline')::timestamptz, v_at, 200, c.change -> 'response', (c.change ->> 'sequence')::bigint
      FROM jsonb_array_elements(p -> 'changes') AS c(change);
  IF p ->> 'lastSequence' IS NOT NULL THEN
    UPDATE review_sequence SET last_sequence = (p ->> 'lastSequence')::bigint, chain_mac = decode(p ->> 'chainMac', 'hex')
      WHERE team = v_team;
    PERFORM pg_notify('refdesk_team_review', json_build_object('team', v_team, 'sequence', (p ->> 'lastSequence')::bigint)::text);
  END IF;
END
$$;

-- Down Migration
-- The threads back into event_review, and into every kept answer that names its thread by Id.
ALTER TABLE event_review ADD COLUMN notes jsonb NOT NULL DEFAULT '[]';
UPDATE event_review e SET notes = t.notes
  FROM (SELECT n.team, n.event_id, jsonb_agg(review_note_wire(n)::jsonb ORDER BY n.id) AS notes
        FROM event_note n GROUP BY n.team, n.event_id) t
  WHERE t.team = e.team AND t.event_id = e.event_id;
CREATE FUNCTION pg_temp.with_thread(p_team text, p_review jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT CASE WHEN p_review ? 'NotesThrough' THEN (p_review - 'NotesThrough') || jsonb_build_object('Notes',
      (SELECT coalesce(jsonb_agg(review_note_wire(n)::jsonb ORDER BY n.id), '[]') FROM event_note n
        WHERE n.team = p_team AND n.event_id = p_review ->> 'EventId' AND n.id <= (p_review ->> 'NotesThrough')::integer))
    ELSE p_review END
$$;
UPDATE review_request q SET response = jsonb_set(q.response, '{Data}', (SELECT jsonb_agg(pg_temp.with_thread(q.team, r.value) ORDER BY r.i)
    FROM jsonb_array_elements(q.response -> 'Data') WITH ORDINALITY AS r(value, i)))
  WHERE q.status = 200 AND q.response::text LIKE '%"NotesThrough"%';
DROP FUNCTION pg_temp.with_thread(text, jsonb);
ALTER TABLE review_change ALTER COLUMN reviews TYPE json, ALTER COLUMN reads TYPE json;
ALTER TABLE review_request ALTER COLUMN response TYPE json;
-- The functions as 0004 made them.
DROP FUNCTION review_begin(text, text[], text[], text[], bigint);
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

REVOKE ALL ON FUNCTION review_begin(text, text[], text[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION review_begin(text, text[], text[], text[]) TO refdesk_review_service;
DROP FUNCTION review_note_wire(event_note);
DROP TABLE event_note;
