-- Per-user marks on projects (spec platform-shell §3): favourites and quick access.
CREATE TABLE project_marks (
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id   uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  favourite    boolean NOT NULL DEFAULT false,
  quick_access boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, project_id)
);
CREATE INDEX project_marks_project_idx ON project_marks (project_id);
