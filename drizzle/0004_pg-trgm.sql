-- Trigram matching for partial Thai and Latin words in listing search (ships with PostgreSQL's
-- contrib, also in the embedded server; "trusted", so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
