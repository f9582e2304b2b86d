-- Analysis results are stored out of line but not compressed (docs/decisions/platform-results-uncompressed.md).
-- A result is 5 to 40 KB of JSON that pglz shrinks by a third only (7.9 KB to 4.9 KB on the bench
-- emails), at 0.15 ms of CPU per write in PGlite, as much as the whole in-process pipeline of a text
-- email; reading it back no longer decompresses it either. Only rows written from now on are affected.
ALTER TABLE analyses ALTER COLUMN result SET STORAGE EXTERNAL;
