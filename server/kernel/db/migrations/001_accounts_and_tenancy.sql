-- Accounts, organisations, projects and environments: the tenancy every other table hangs from.

CREATE TABLE platform_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id                  uuid PRIMARY KEY,
  username            text NOT NULL,
  email               text NOT NULL,
  firstname           text NOT NULL DEFAULT '',
  lastname            text NOT NULL DEFAULT '',
  password_hash       text,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  -- Bumped by a password change: tokens carry the version they were issued under.
  token_version       integer NOT NULL DEFAULT 0,
  is_light            boolean NOT NULL DEFAULT false,
  is_staff            boolean NOT NULL DEFAULT false,
  preferences         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_email_idx ON users (lower(email));

CREATE TABLE organisations (
  id                  uuid PRIMARY KEY,
  name                text NOT NULL,
  contract_start_date date,
  yearly_quota        integer,
  created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_admin        boolean NOT NULL DEFAULT false,
  position        text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE projects (
  id              uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name            varchar(50) NOT NULL,
  type            text NOT NULL DEFAULT 'nlu' CHECK (type IN ('nlu', 'ic')),
  notes           text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_organisation_idx ON projects (organisation_id);

-- Explicit per-project levels; organisation admins are configurators everywhere without a row.
CREATE TABLE project_access (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  level      text NOT NULL CHECK (level IN ('configurator', 'qualifier', 'cockpit', 'noAccess')),
  PRIMARY KEY (project_id, user_id)
);

CREATE TABLE environments (
  id         uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name       text NOT NULL,
  visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'hidden')),
  settings   jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX environments_name_key ON environments (project_id, lower(name));

-- Password reset links (forgotten password) and expired-password refresh tokens; only hashes kept.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason     text NOT NULL CHECK (reason IN ('forgotten', 'expired')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins, counted per account and per address over a sliding window.
CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  username   text,
  address    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username_idx ON login_failures (lower(username), created_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, created_at);

-- Every mail the platform sends: queued here in the same transaction as its cause, delivered by the
-- worker over SMTP; without SMTP_URL it stays here for platform staff to read.
CREATE TABLE outbox (
  id         uuid PRIMARY KEY,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text,
  status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'held', 'failed')),
  attempts   integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_idx ON outbox (created_at DESC);
