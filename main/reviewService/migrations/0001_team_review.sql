-- Up Migration
-- The team review schema (issue 16). Shared review state per team and event, personal read
-- marks, a commit-ordered change feed (what live clients replay after a reconnect) and the
-- audit log. The service never works as the owner of these tables: every connection takes the
-- role refdesk_review_service, which may read and insert but never UPDATE, DELETE or TRUNCATE
-- the audit log and the change feed (and a trigger refuses those even to the owner).

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'refdesk_review_service') THEN
    CREATE ROLE refdesk_review_service NOLOGIN;
  END IF;
  IF NOT pg_has_role(current_user, 'refdesk_review_service', 'MEMBER') THEN
    EXECUTE format('GRANT refdesk_review_service TO %I', current_user);
  END IF;
END
$$;

CREATE TABLE event_review (
  team text NOT NULL,
  event_id text NOT NULL,
  -- Bumped by every shared change; a change must name the version it saw.
  version integer NOT NULL CHECK (version > 0),
  flagged boolean NOT NULL DEFAULT false,
  note text NOT NULL DEFAULT '',
  assignee_key text,
  assignee_name text,
  event_type text,
  -- Sticky: once an event needed four eyes, a later statement of the event cannot lift it.
  four_eyes boolean NOT NULL DEFAULT false,
  reviewed_by_key text,
  reviewed_by_name text,
  reviewed_at timestamptz,
  reviewed_event_version text,
  approved_by_key text,
  approved_by_name text,
  approved_at timestamptz,
  changed_by_key text NOT NULL,
  changed_by_name text NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (team, event_id),
  -- Four eyes, enforced by the database too: an approval needs a review by someone else.
  CONSTRAINT approval_by_another_analyst CHECK (
    approved_by_key IS NULL OR (reviewed_by_key IS NOT NULL AND approved_by_key <> reviewed_by_key)
  )
);
CREATE INDEX event_review_assignee ON event_review (team, assignee_key) WHERE assignee_key IS NOT NULL;
CREATE INDEX event_review_changed ON event_review (team, changed_at DESC);

CREATE TABLE event_read (
  team text NOT NULL,
  event_id text NOT NULL,
  user_key text NOT NULL,
  read boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (team, event_id, user_key)
);

-- One row per team; taking the next number locks the row until commit, so numbers are handed
-- out in commit order and a client resuming after number N misses nothing.
CREATE TABLE review_sequence (
  team text PRIMARY KEY,
  last_sequence bigint NOT NULL
);

CREATE TABLE review_change (
  team text NOT NULL,
  sequence bigint NOT NULL,
  at timestamptz NOT NULL,
  actor_key text NOT NULL,
  actor_name text NOT NULL,
  -- The shared states after the change, as the wire writes them.
  reviews json NOT NULL,
  -- The actor's own read marks changed by it (sent to the actor's desks only).
  reads json NOT NULL,
  PRIMARY KEY (team, sequence)
);

CREATE TABLE review_audit (
  id bigserial PRIMARY KEY,
  team text NOT NULL,
  sequence bigint NOT NULL,
  event_id text NOT NULL,
  at timestamptz NOT NULL,
  actor_key text NOT NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  before text NOT NULL,
  after text NOT NULL,
  -- The event's shared version after a shared change (absent for personal read marks).
  event_version integer,
  -- What the reviewer's desk said the event was, for MarkReviewed.
  event_facts json
);
CREATE INDEX review_audit_event ON review_audit (team, event_id, id);
CREATE INDEX review_audit_at ON review_audit (team, at);

CREATE FUNCTION refuse_rewriting_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The % table is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER review_audit_append_only BEFORE UPDATE OR DELETE ON review_audit
  FOR EACH ROW EXECUTE FUNCTION refuse_rewriting_history();
CREATE TRIGGER review_audit_no_truncate BEFORE TRUNCATE ON review_audit
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewriting_history();
CREATE TRIGGER review_change_append_only BEFORE UPDATE OR DELETE ON review_change
  FOR EACH ROW EXECUTE FUNCTION refuse_rewriting_history();
CREATE TRIGGER review_change_no_truncate BEFORE TRUNCATE ON review_change
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewriting_history();

REVOKE ALL ON event_review, event_read, review_sequence, review_change, review_audit FROM PUBLIC;
GRANT SELECT, INSERT, UPDATE ON event_review, event_read, review_sequence TO refdesk_review_service;
GRANT SELECT, INSERT ON review_change, review_audit TO refdesk_review_service;
GRANT USAGE ON SEQUENCE review_audit_id_seq TO refdesk_review_service;

-- Down Migration
DROP TABLE review_audit;
DROP TABLE review_change;
DROP TABLE review_sequence;
DROP TABLE event_read;
DROP TABLE event_review;
DROP FUNCTION refuse_rewriting_history();
