-- A version per resource and scope of the document resources, changed by every statement that
-- writes their documents, whoever runs it (a route, an import, the worker, a script). A list kept in
-- memory (resources/list-cache.ts) is served only while the version it was read at is the current
-- one. Versions come from a sequence: a value written by a transaction that rolled back is never
-- given again, so no cached list can be taken for a later state. Rows are never deleted, for the
-- same reason. scope_key is the scope id, or the nil UUID for the platform scope.
CREATE SEQUENCE resource_version_seq;

CREATE TABLE resource_versions (
  resource  text NOT NULL,
  scope_key uuid NOT NULL,
  version   bigint NOT NULL,
  PRIMARY KEY (resource, scope_key)
);

-- Once per statement, with the rows it wrote (the transition tables its trigger names); keys in
-- order, so that two writers never wait on each other in opposite orders.
CREATE FUNCTION bump_resource_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO resource_versions (resource, scope_key, version)
     SELECT k.resource, k.scope_key, nextval(''resource_version_seq'')
     FROM (SELECT DISTINCT resource, coalesce(scope_id, ''00000000-0000-0000-0000-000000000000'') AS scope_key
           FROM (%s) AS written) k
     ORDER BY 1, 2
     ON CONFLICT (resource, scope_key) DO UPDATE SET version = EXCLUDED.version',
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT resource, scope_id FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT resource, scope_id FROM old_rows'
      ELSE 'SELECT resource, scope_id FROM old_rows UNION ALL SELECT resource, scope_id FROM new_rows'
    END);
  RETURN NULL;
END
$$;

CREATE TRIGGER resource_documents_inserted AFTER INSERT ON resource_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_resource_versions();
CREATE TRIGGER resource_documents_updated AFTER UPDATE ON resource_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_resource_versions();
CREATE TRIGGER resource_documents_deleted AFTER DELETE ON resource_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_resource_versions();
