-- An environment's own LLM endpoint (docs/decisions/delivery-environment-llm-endpoint.md),
-- used by its vision engine and LLM reply templates instead of the deployment's. The URL is checked
-- like a webhook's (DESIGN.md §9) on save and at each connection. The key is write-only: the
-- console is told whether one is set, never its value; exports and versions do not carry it.
CREATE TABLE environment_llm (
  environment_id  uuid PRIMARY KEY REFERENCES environments (id) ON DELETE CASCADE,
  base_url        text NOT NULL,
  model           text NOT NULL,
  api_key         text,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
