-- What a large value costs the database server to store (issue 20). PostgreSQL compresses a value
-- of over about 2 KB before it stores it, with pglz by default; lz4 does it in a quarter of the
-- time. Measured on this machine (2,000 inserts each, the server's time per insert): a 16 KB
-- result of the bench http workload, 220 µs with pglz, 73 µs stored out of line uncompressed as
-- migration 012 left it (21 KB stored), 51 µs with lz4 (7 KB stored); a 4 KB email file, 44 µs
-- with pglz, 28 µs with lz4. So on PostgreSQL the columns each analysis writes get lz4 (its
-- file, its text, its result, its extraction in the cache, its webhook payload), and results are
-- compressed again. Only values written from now on change; those stored stay readable.
-- The embedded database (PGlite) is built without lz4: there nothing changes, and results stay
-- uncompressed, as pglz would cost more than it saves there (migration 012).
DO $$
BEGIN
  ALTER TABLE blobs ALTER COLUMN bytes SET COMPRESSION lz4;
  ALTER TABLE analyses ALTER COLUMN input_text SET COMPRESSION lz4,
                       ALTER COLUMN result SET COMPRESSION lz4,
                       ALTER COLUMN result SET STORAGE EXTENDED;
  ALTER TABLE extraction_cache ALTER COLUMN extraction SET COMPRESSION lz4;
  ALTER TABLE webhook_deliveries ALTER COLUMN payload SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
