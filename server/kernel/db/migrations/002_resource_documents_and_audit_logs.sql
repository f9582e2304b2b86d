-- Schema-driven resources (DESIGN.md §4): configuration entities stored as JSONB documents, and the
-- audit log every mutation writes.

-- One row per record of every resource whose schema says `storage: 'document'`. The scope id has no
-- foreign key (it names an organisation, a project or an environment); the tenancy adapters delete
-- the documents of what they delete.
CREATE TABLE resource_documents (
  scope      text NOT NULL CHECK (scope IN ('platform', 'organisation', 'project', 'environment')),
  scope_id   uuid,
  resource   text NOT NULL,
  id         uuid NOT NULL,
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (resource, id)
);
CREATE INDEX resource_documents_scope_idx ON resource_documents (resource, scope_id);

-- Who changed what, and when. No foreign keys: the log outlives the records, users and
-- organisations it names. actor_id is null only for an invitation declined through its link.
CREATE TABLE audit_logs (
  id              uuid PRIMARY KEY,
  organisation_id uuid,
  actor_id        uuid,
  impersonator_id uuid,
  action          text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  resource        text NOT NULL,
  record_id       text NOT NULL,
  changes         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_logs_organisation_idx ON audit_logs (organisation_id, created_at DESC);
