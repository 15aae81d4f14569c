-- Trigram matching: searching items (and listings) by part of a word, including Thai, which
-- has no spaces between words. pg_trgm ships with PostgreSQL (also the embedded server) and
-- is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
