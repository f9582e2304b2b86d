-- Test sets (spec pipeline-and-testing §2 "my test sets", §4 "Tag: public or private",
-- docs/decisions/testing-private-tags.md).
-- A test set is a tag of the message bank; this table keeps only what a tag cannot say by itself:
-- whether it is private, and whose. A tag without a row is public, so every tag used before this
-- migration stays visible to every qualifier of the project. A row is written the first time a tag
-- is made private; its owner is that user (or whoever makes it private later). The owner's account
-- deleted, the row goes with it and the tag is public again.
CREATE TABLE tag_settings (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  tag        text NOT NULL,
  visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
  owner_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, tag)
);
