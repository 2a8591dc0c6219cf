-- Up Migration
-- Team review as a control (issues 27 and 29):
-- 1. every request carries an idempotency key and a deadline: review_request keeps each key's
--    first outcome (a key is applied at most once), and a deferred trigger refuses to commit a
--    request past its deadline (checked when the transaction commits, so a replica that hung in
--    between can never commit it later);
-- 2. the event as the platform had it when it was reviewed (read by the service, not stated by a
--    desk) is kept with the review;
-- 3. the audit log is chained: each team's entries carry an HMAC-SHA256 over their content and
--    the previous entry's MAC, under a key the service holds outside the database; the chain's
--    head (the last MAC) lives on the team's row of review_sequence, whose row lock already
--    serializes the team's writers across replicas; personal read marks leave the shared log;
-- 4. notes become a thread (a list on the event's state): a note is added, never overwritten.

-- 1. Idempotency keys and deadlines.
CREATE TABLE review_request (
  team text NOT NULL,
  idempotency_key text NOT NULL,
  user_key text NOT NULL,
  -- SHA-256 of the request's actions: the same key with other actions is refused.
  request_hash bytea NOT NULL,
  deadline timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  -- The first outcome, answered again to a retry: HTTP status and body.
  status smallint NOT NULL,
  response json NOT NULL,
  -- The change the request made (absent when it changed nothing or was refused).
  sequence bigint,
  PRIMARY KEY (team, idempotency_key)
);
CREATE INDEX review_request_received ON review_request (team, received_at);

CREATE FUNCTION refuse_past_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- clock_timestamp(), not now(): the time of the commit, not of the transaction's start.
  IF clock_timestamp() > NEW.deadline THEN
    RAISE EXCEPTION 'The request''s deadline (%) passed before it could be committed', NEW.deadline
      USING ERRCODE = 'RD408';
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER review_request_deadline AFTER INSERT ON review_request
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_past_deadline();

-- 2. The event as reviewed (the platform's event without the reviewer's own accounts).
CREATE TABLE event_review_snapshot (
  team text NOT NULL,
  event_id text NOT NULL,
  -- The review state's version written by the review.
  version integer NOT NULL,
  event jsonb NOT NULL,
  PRIMARY KEY (team, event_id)
);

-- 3. The audit chain.
ALTER TABLE review_sequence
  ADD COLUMN chain_mac bytea,
  ADD COLUMN chain_key_id text,
  ADD COLUMN sealed_before bigint NOT NULL DEFAULT 0,
  ADD COLUMN sealed_at timestamptz;
ALTER TABLE review_audit
  ADD COLUMN position smallint,
  ADD COLUMN mac bytea;
-- The chain's order: the change's sequence, then the entry's position in it.
CREATE UNIQUE INDEX review_audit_chain ON review_audit (team, sequence, position);

-- Read marks are personal: out of the shared log (they stay in event_read, each member's own).
ALTER TABLE review_audit DISABLE TRIGGER review_audit_append_only;
DELETE FROM review_audit WHERE action IN ('Read', 'Unread');
ALTER TABLE review_audit ENABLE TRIGGER review_audit_append_only;
CREATE INDEX event_read_user ON event_read (team, user_key, changed_at DESC);

-- 4. Notes as a thread: the current note becomes the first note, by whoever wrote it last.
ALTER TABLE event_review ADD COLUMN notes jsonb NOT NULL DEFAULT '[]';
UPDATE event_review e SET notes = jsonb_build_array(jsonb_build_object(
    'Id', 1,
    'By', jsonb_build_object('UserKey', coalesce(w.actor_key, e.changed_by_key), 'Name', coalesce(w.actor_name, e.changed_by_name)),
    'At', to_char(coalesce(w.at, e.changed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'Text', e.note))
  FROM event_review o
  LEFT JOIN LATERAL (
    SELECT a.actor_key, a.actor_name, a.at FROM review_audit a
    WHERE a.team = o.team AND a.event_id = o.event_id AND a.action = 'Note' ORDER BY a.id DESC LIMIT 1
  ) w ON true
  WHERE o.team = e.team AND o.event_id = e.event_id AND e.note <> '';
ALTER TABLE event_review DROP COLUMN note;

REVOKE ALL ON review_request, event_review_snapshot FROM PUBLIC;
GRANT SELECT, INSERT, DELETE ON review_request TO refdesk_review_service;
GRANT SELECT, INSERT, UPDATE ON event_review_snapshot TO refdesk_review_service;

-- 5. Requests in two round trips, and in groups: each replica writes the team's requests that
-- queue up meanwhile together (group commit). review_begin takes the team's lock (its row of
-- review_sequence: every writer of the team, on any replica, queues here, so one audit chain
-- and sequences in commit order) and then, with a snapshot taken after the lock, reads what the
-- service plans on: the keys' first outcomes, the events' states and the callers' read marks;
-- review_write writes each request's change in order, then the chain's new head. Plans of
-- PL/pgSQL statements are kept per connection, so a request costs the database little planning.
CREATE FUNCTION review_begin(p_team text, p_event_ids text[], p_keys text[], p_user_keys text[]) RETURNS json
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
CREATE FUNCTION review_write(p jsonb) RETURNS void
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

REVOKE ALL ON FUNCTION review_begin(text, text[], text[], text[]), review_write(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION review_begin(text, text[], text[], text[]), review_write(jsonb) TO refdesk_review_service;

-- Down Migration
DROP FUNCTION review_write(jsonb);
DROP FUNCTION review_begin(text, text[], text[], text[]);
DROP INDEX event_read_user;
ALTER TABLE event_review ADD COLUMN note text NOT NULL DEFAULT '';
UPDATE event_review SET note = coalesce(notes -> -1 ->> 'Text', '');
ALTER TABLE event_review DROP COLUMN notes;
DROP INDEX review_audit_chain;
ALTER TABLE review_audit DROP COLUMN position, DROP COLUMN mac;
ALTER TABLE review_sequence DROP COLUMN chain_mac, DROP COLUMN chain_key_id, DROP COLUMN sealed_before,
  DROP COLUMN sealed_at;
DROP TABLE event_review_snapshot;
DROP TABLE review_request;
DROP FUNCTION refuse_past_deadline();
