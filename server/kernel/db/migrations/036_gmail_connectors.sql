-- Gmail connectors through the Gmail API (docs/connectors.md "Gmail"): another app type, whose
-- grant is given by the mailbox's user (OAuth authorization code with PKCE). `grant_state` is
-- where that grant stands (null for the app types that need none); the refresh token joins the
-- connector's sealed secrets.
ALTER TABLE connectors DROP CONSTRAINT connectors_app_type_check;
ALTER TABLE connectors ADD CONSTRAINT connectors_app_type_check CHECK (app_type IN ('imap', 'exchange', 'gmail'));
ALTER TABLE connectors ADD COLUMN grant_state text
  CHECK (grant_state IN ('notConfigured', 'configuring', 'configured', 'reauthorize'));

-- A consent page opened for a connector: its state (stored as its SHA-256), the PKCE verifier
-- (sealed), who opened it, and until when it may come back. Used once.
CREATE TABLE connector_oauth_states (
  state_hash     text PRIMARY KEY,
  connector_id   uuid NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  verifier       text NOT NULL,
  redirect_uri   text NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);
CREATE INDEX connector_oauth_states_connector_idx ON connector_oauth_states (connector_id);
