-- A server's token (docs/decisions/nlu-server-token.md): a secret that reads texts with that one
-- server through POST /v4/nlu/read. At most one per server; stored as the SHA-256 of its 256 random
-- bits, as access keys are. The server is a resource document: its token goes with it.
CREATE TABLE nlu_server_tokens (
  server_id      uuid PRIMARY KEY,
  resource       text NOT NULL DEFAULT 'nlu-server' CHECK (resource = 'nlu-server'),
  environment_id uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  prefix         text NOT NULL,
  secret_hash    text NOT NULL UNIQUE,
  created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  FOREIGN KEY (resource, server_id) REFERENCES resource_documents (resource, id) ON DELETE CASCADE
);
CREATE INDEX nlu_server_tokens_environment_idx ON nlu_server_tokens (environment_id);
