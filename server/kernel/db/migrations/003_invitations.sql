-- Invitations to join an organisation: mailed with a one-use link, then accepted or declined.
CREATE TABLE invitations (
  id              uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email           text NOT NULL,
  firstname       text NOT NULL,
  lastname        text NOT NULL,
  position        text NOT NULL DEFAULT '',
  role            text NOT NULL DEFAULT 'notAdmin' CHECK (role IN ('admin', 'notAdmin')),
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'declined')),
  -- Only the hash of the link's token is kept, as for password resets.
  token_hash      text NOT NULL UNIQUE,
  invited_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  answered_at     timestamptz
);
CREATE INDEX invitations_organisation_idx ON invitations (organisation_id, created_at DESC);
-- One pending invitation per address and organisation (the schema's unique rule, kept under races).
CREATE UNIQUE INDEX invitations_pending_email_key ON invitations (organisation_id, lower(email))
  WHERE state = 'pending';
